import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { addCalendarDays, FormAdminRoutes, RacingAdminRoutes, type CardImportResponse } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { adminPost, manilaToday, signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * The form guide (issue 34 §3): on /live each runner's last five beside its row, its form sheet over the
 * bet slip (the picks stay), two runners compared side by side, and the horse and jockey pages it links
 * to; at 390x844 and 1280x800, in English and Filipino, axe clean. Each test imports its own card with past
 * form (the card import), so the horses have history before today.
 */

interface Card {
  eventId: number;
  bagyo: string;
  kidlat: string;
  bituin: string;
  jockey: string;
}

/** Today's card at a track of its own: Bagyo (2nd then won), Kidlat (won then 2nd) and a first starter. */
async function importCard(request: APIRequestContext): Promise<Card> {
  const suffix = uniqueSuffix();
  const today = manilaToday();
  const track = `Form Park ${suffix}`;
  const bagyo = `Bagyo ${suffix}`;
  const kidlat = `Kidlat ${suffix}`;
  const bituin = `Bituin ${suffix}`;
  const jockey = `J. Cruz ${suffix}`;
  const other = `R. Reyes ${suffix}`;
  const trainer = `T. Santos ${suffix}`;
  const past1 = addCalendarDays(today, -20);
  const past2 = addCalendarDays(today, -10);
  const rows = [
    'type,date,track,race,post_time,distance_m,class,runner,horse,jockey,trainer,weight_kg,gate,rating,equipment,finish,margin,going',
    `card,${today},${track},1,23:30,1200,Class 3,1,${bagyo},${jockey},${trainer},54.5,4,62,B,,,`,
    `card,${today},${track},1,23:30,1200,Class 3,2,${kidlat},${other},${trainer},55,2,60,,,,`,
    `card,${today},${track},1,23:30,1200,Class 3,3,${bituin},${other},,53,1,50,,,,`,
    `form,${past1},${track},2,,1200,Class 3,1,${bagyo},${jockey},,54.5,3,,,2,0.5,Good`,
    `form,${past1},${track},2,,1200,Class 3,2,${kidlat},${other},,55,1,,,1,,Good`,
    `form,${past2},San Lazaro ${suffix},3,,1400,Class 3,1,${bagyo},${jockey},,54.5,2,,,1,,Good`,
    `form,${past2},San Lazaro ${suffix},3,,1400,Class 3,2,${kidlat},${other},,55,5,,,2,3.25,Good`,
  ];
  const answer = await adminPost<CardImportResponse>(request, FormAdminRoutes.importCard, { csv: rows.join('\n') });
  if (!answer.imported || answer.eventId === null) throw new Error(`not imported: ${JSON.stringify(answer)}`);
  // The race opens for betting, so the runners have Bet toggles.
  const info = await request.post('/api/game/getRaceInfo', { data: { eventId: answer.eventId } });
  const raceId = ((await info.json()) as { races: { raceId: number }[] }).races[0]?.raceId ?? 0;
  await adminPost(request, RacingAdminRoutes.raceStatus(raceId), { status: 'O' });
  return { eventId: answer.eventId, bagyo, kidlat, bituin, jockey };
}

async function openLive(page: Page, eventId: number, language: 'en' | 'fil') {
  await page.addInitScript((lang) => {
    window.localStorage.setItem('announcementDate', '2025-03-28');
    window.localStorage.setItem('language', lang);
  }, language);
  await page.goto(`/live?event=${eventId}`);
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the form guide at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a runner’s form beside its row and in its sheet, two runners compared, and the horse and jockey pages', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      const card = await importCard(request);
      await openLive(page, card.eventId, 'en');

      // The last five beside each runner, oldest first (latest right), spoken as words; a first starter is tagged.
      const bagyoRow = page.getByTestId('runner').filter({ hasText: card.bagyo });
      await expect(bagyoRow.getByTestId('runner-form')).toContainText('2-1');
      await expect(bagyoRow.getByTestId('runner-form')).toContainText('Last five starts, oldest first: 2, 1');
      await expect(page.getByTestId('runner').filter({ hasText: card.bituin }).getByTestId('runner-form')).toHaveText(
        'First starter',
      );

      // A pick on the slip stays while the form is read.
      const bet = page.getByRole('button', { name: `Bet on 1 ${card.bagyo}`, exact: true });
      await bet.click();
      await expect(bet).toHaveAttribute('aria-pressed', 'true');

      await page.getByRole('button', { name: `Form of 1 ${card.bagyo}` }).click();
      const sheet = page.getByRole('dialog', { name: `Form: 1 ${card.bagyo}` });
      await expect(sheet).toBeVisible();
      const figure = (key: string) => sheet.locator(`[data-figure="${key}"] dd`);
      await expect(figure('lastFive')).toContainText('2-1');
      await expect(figure('career')).toContainText('2: 1-1-0');
      await expect(figure('career')).toContainText('2 starts, 1 wins, 1 seconds, 0 thirds');
      await expect(figure('atDistance')).toContainText('1: 0-1-0');
      await expect(figure('daysSince')).toHaveText('10 days');
      await expect(figure('weight')).toHaveText('54.5 kg');
      await expect(figure('gate')).toHaveText('4');
      await expect(figure('rating')).toHaveText('62');
      await expect(sheet).toContainText(card.jockey);
      expect(await seriousViolations(page, '[data-testid="form-sheet"]')).toEqual([]);
      await expectNoOverflow(page, viewport.width);

      // Compare: Bagyo and the first starter side by side.
      await sheet.getByRole('button', { name: 'Compare with another runner' }).click();
      const compare = page.getByRole('dialog', { name: 'Compare two runners' });
      await compare.getByLabel('Second runner').selectOption({ label: `3 ${card.bituin}` });
      const careerRow = compare.locator('tr[data-figure="career"]');
      await expect(careerRow.locator('td').nth(0)).toContainText('2: 1-1-0');
      await expect(careerRow.locator('td').nth(1)).toContainText('0: 0-0-0');
      await expect(compare.locator('tr[data-figure="lastFive"] td').nth(1)).toHaveText('No starts yet');
      await expect(compare.getByRole('columnheader', { name: `1 ${card.bagyo}` })).toBeVisible();
      expect(await seriousViolations(page, '[data-testid="form-sheet"]')).toEqual([]);
      await expectNoOverflow(page, viewport.width);

      // Closing returns to the slip with the pick still made.
      await compare.getByRole('button', { name: 'Close' }).last().click();
      await expect(compare).toBeHidden();
      await expect(bet).toHaveAttribute('aria-pressed', 'true');

      // The horse page: its figures and each past run, latest first; then its jockey's page.
      await page.getByRole('button', { name: `Form of 1 ${card.bagyo}` }).click();
      await sheet.getByRole('link', { name: 'Horse page' }).click();
      await expect(page.getByRole('heading', { level: 1, name: card.bagyo })).toBeVisible();
      const runs = page.getByTestId('horse-run');
      await expect(runs).toHaveCount(2);
      await expect(runs.nth(0)).toContainText('San Lazaro');
      await expect(runs.nth(0)).toContainText('1 of 2');
      await expect(runs.nth(1)).toContainText('2 of 2');
      await expect(runs.nth(1)).toContainText('0.50 L');
      await expect(runs.nth(1)).toContainText('1200 m');
      await expectNoOverflow(page, viewport.width);
      if (viewport.width >= 1024) {
        // Desktop columns: the figures beside the runs.
        const profile = await page.locator('.form-page__profile').boundingBox();
        const list = await page.locator('.form-page__runs').boundingBox();
        expect(profile && list && profile.x + profile.width <= list.x).toBe(true);
      }
      expect(await seriousViolations(page)).toEqual([]);

      await runs.nth(0).getByRole('link', { name: card.jockey }).click();
      await expect(page.getByRole('heading', { level: 1, name: card.jockey })).toBeVisible();
      await expect(page.getByTestId('person-ride')).toHaveCount(2);
      await expect(page.getByTestId('person-ride').nth(0)).toContainText(card.bagyo);
      await expectNoOverflow(page, viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('in Filipino at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the form sheet, the comparison and the horse page read in Filipino; an unknown horse says so', async ({
    page,
    request,
  }) => {
    await signInAsNewPlayer(page, request);
    const card = await importCard(request);
    await openLive(page, card.eventId, 'fil');
    const kidlatRow = page.getByTestId('runner').filter({ hasText: card.kidlat });
    await expect(kidlatRow.getByTestId('runner-form')).toContainText('Huling limang takbo, mula sa pinakaluma: 1, 2');

    await page.getByRole('button', { name: `Form ng 2 ${card.kidlat}` }).click();
    const sheet = page.getByRole('dialog', { name: `Form: 2 ${card.kidlat}` });
    await expect(sheet.locator('[data-figure="lastFive"] dt')).toHaveText('Huling 5');
    await expect(sheet.locator('[data-figure="career"] dd')).toContainText('2 takbo, 1 panalo');
    await sheet.getByRole('button', { name: 'Ihambing sa ibang kabayo' }).click();
    await expect(page.getByRole('dialog', { name: 'Ihambing ang dalawang kabayo' })).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="form-sheet"]')).toEqual([]);
    await page.getByRole('button', { name: 'Bumalik sa form' }).click();
    await sheet.getByRole('link', { name: 'Pahina ng kabayo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: card.kidlat })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Mga nakaraang takbo' })).toBeVisible();
    await expect(page.getByTestId('horse-run').nth(0)).toContainText('2 sa 2');
    await expectNoOverflow(page, 390);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/horse/2147483647');
    await expect(page.getByText('Hindi namin makita ang kabayong ito.')).toBeVisible();
  });
});
