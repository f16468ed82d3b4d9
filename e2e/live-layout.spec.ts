import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import { BackofficeRoutes, type FlagBetType, type GameEvent } from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * The live screen's layout (issue 20): on a phone the slip is a bar above the bottom nav that opens the
 * full slip, the chip strips keep the current chip in view and fade where they scroll on, the names use
 * the room there is, the stream hides and stays hidden; favourite stakes and repeat last bet; from
 * 1024 px three columns and a side nav. Each test has its own player and race day.
 */

const LONG_NAME = 'Maharlikang Kidlat ng Silangan';
const CARD = [
  ['1', 'Bagyo'],
  ['2', 'Alon'],
  ['3', LONG_NAME],
  ['4', 'Kidlat'],
  ['5', 'Ulan'],
  ['6', 'Araw'],
] as const;

/** Today's race day of `raceCount` races with CARD's runners and the types; only race `openRaceNo` is open. */
const createLayoutRaceDay = (
  request: APIRequestContext,
  raceCount: number,
  openRaceNo: number,
  enabledBetTypes: FlagBetType[],
) => createRaceDay(request, { label: 'Layout', raceCount, enabledBetTypes, openRaceNos: [openRaceNo], card: CARD });

async function fundCredit(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E layout funding' },
    { 'idempotency-key': `e2e-layout-${uniqueSuffix()}` },
  );
}

/** Opens the race day; with `credit`, refreshes the balance (the stored login predates the funding) until the slip has it. */
async function openRaceDay(page: Page, event: GameEvent, credit?: string) {
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  if (credit === undefined) return;
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(slipOf(page).getByTestId('slip-credit')).toHaveText(credit);
}

const slipOf = (page: Page) => page.getByTestId('bet-slip');
const betOn = (page: Page, runnerNo: string) => {
  const horse = CARD.find(([no]) => no === runnerNo)?.[1] ?? '';
  return page.getByRole('button', { name: `Bet on ${runnerNo} ${horse}`, exact: true });
};
const chooseType = (page: Page, name: string) =>
  page.getByTestId('bet-types').getByRole('button', { name, exact: true }).click();

/** The element's box, failing when it has none (not rendered). */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** Whether the chip lies whole inside its strip's visible part. */
async function inStripView(chip: Locator): Promise<boolean> {
  return chip.evaluate((node) => {
    const strip = node.parentElement;
    if (!strip) return false;
    const chipBox = node.getBoundingClientRect();
    const stripBox = strip.getBoundingClientRect();
    return chipBox.left >= stripBox.left - 1 && chipBox.right <= stripBox.right + 1;
  });
}

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slip bar shows picks, combinations and total above the bottom nav and opens the full slip', async ({
    page,
    request,
  }) => {
    const player = await signInAsNewPlayer(page, request);
    await fundCredit(request, player.playerId, 50_000);
    const event = await createLayoutRaceDay(request, 1, 1, ['TRI']);
    await openRaceDay(page, event);
    const slip = slipOf(page);
    const bar = slip.getByTestId('slip-bar');
    const toggle = slip.getByTestId('slip-toggle');

    // The bar sits on the bottom nav, on screen from the top of the page; the full slip is closed.
    await expect(bar).toBeInViewport();
    const nav = page.getByRole('navigation', { name: 'Player' });
    expect(Math.abs((await boxOf(bar)).y + (await boxOf(bar)).height - (await boxOf(nav)).y)).toBeLessThan(2);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(slip.getByTestId('slip-sheet')).toBeHidden();
    await expect(slip.getByTestId('slip-bar-picks')).toHaveText('No picks yet');

    // A Trifecta 1-2-3: the sheet opens to change place, with the focus on the place taking the picks;
    // Escape closes it and gives the focus back to the bar.
    await chooseType(page, 'Trifecta');
    await betOn(page, '1').click();
    for (const [place, runnerNo] of [
      ['2nd', '2'],
      ['3rd', '3'],
    ] as const) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(slip.getByTestId('slip-sheet')).toBeVisible();
      await expect(slip.locator('.bet-slip__place-pick[aria-pressed="true"]')).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      await slip.getByRole('button', { name: new RegExp(`^${place}`) }).click();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(slip.getByTestId('slip-sheet')).toBeHidden();
      await betOn(page, runnerNo).click();
      if (place === '2nd') await betOn(page, '4').click();
    }
    // A tap outside the open sheet closes it too.
    await toggle.click();
    await expect(slip.getByTestId('slip-sheet')).toBeVisible();
    await page.getByTestId('player-name').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(slip.getByTestId('slip-bar-picks')).toHaveText('1-2,4-3');
    await expect(slip.getByTestId('slip-combinations')).toHaveText('2');
    await slip.getByTestId('slip-amount').fill('5');
    await expect(slip.getByTestId('slip-total')).toHaveText('₱10.00');

    // The page ends above the bar: the last runner scrolls clear of it.
    await betOn(page, '6').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect
      .poll(async () => (await boxOf(betOn(page, '6'))).y + (await boxOf(betOn(page, '6'))).height)
      .toBeLessThanOrEqual((await boxOf(bar)).y);

    // Names use the room there is: the long one wraps whole, nothing cut off.
    const horse = page.locator('.runner__horse', { hasText: LONG_NAME });
    expect(
      await horse.evaluate(
        (node) => node.scrollHeight <= node.clientHeight + 1 && node.scrollWidth <= node.clientWidth,
      ),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a favourite stake and repeat last bet fill the slip in one tap, never sending it', async ({
    page,
    request,
  }) => {
    const player = await signInAsNewPlayer(page, request);
    await fundCredit(request, player.playerId, 50_000);
    const event = await createLayoutRaceDay(request, 1, 1, []);
    await openRaceDay(page, event, '₱500.00');
    const slip = slipOf(page);
    let placeBetCalls = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/game/placeBet')) placeBetCalls += 1;
    });

    // 20 pesos kept as a favourite stake: a chip that sets the amount, still there after a reload.
    await slip.getByTestId('slip-amount').fill('20');
    const star = slip.getByRole('button', { name: 'Keep this amount as a favourite stake' });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('event-name')).toHaveText(event.name);
    const favourite = slip.getByTestId('favourite-stake');
    await expect(favourite).toHaveText('₱20');
    await expect(slip.getByTestId('slip-repeat')).toHaveCount(0);
    await favourite.click();
    await expect(slip.getByTestId('slip-amount')).toHaveValue('20');
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');

    // A Win on 2 at 20 pesos placed; its receipt confirmed, the slip is empty again.
    await betOn(page, '2').click();
    await expect(slip.getByTestId('slip-total')).toHaveText('₱20.00');
    await slip.getByRole('button', { name: 'Submit Bet' }).click();
    const receipt = page.getByTestId('bet-receipt');
    await expect(receipt.getByTestId('receipt-total')).toHaveText('₱20.00');
    await receipt.getByRole('button', { name: 'OK' }).click();
    await expect(slip.getByTestId('slip-combinations')).toHaveText('0');
    expect(placeBetCalls).toBe(1);

    // Repeat last bet puts the same runner and amount back, and sends nothing.
    await slip.getByTestId('slip-amount').fill('3');
    await slip.getByRole('button', { name: 'Repeat last bet' }).click();
    await expect(slip.getByTestId('slip-bar-picks')).toHaveText('2');
    await expect(slip.getByTestId('slip-amount')).toHaveValue('20');
    await expect(slip.getByTestId('slip-total')).toHaveText('₱20.00');
    await expect(betOn(page, '2')).toHaveAttribute('aria-pressed', 'true');
    await expect(receipt).toBeHidden();
    expect(placeBetCalls).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The star lets the favourite go.
    await star.click();
    await expect(slip.getByTestId('favourite-stake')).toHaveCount(0);
  });

  test('race and bet type chips keep the current one in view and fade where they scroll on', async ({
    page,
    request,
  }) => {
    await signInAsNewPlayer(page, request);
    const event = await createLayoutRaceDay(request, 10, 9, ['TRI', 'QRT', 'PENTA', 'DD']);
    await openRaceDay(page, event);

    // The race in play, race 9, opens with its tab in view at the far end of the strip.
    const raceTabs = page.getByTestId('race-tabs');
    await expect(page.getByTestId('race-tab-9')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => inStripView(page.getByTestId('race-tab-9'))).toBe(true);
    await expect(raceTabs).toHaveAttribute('data-more-start', '');

    // The types strip goes on past its end; Pentafecta chosen, then race 1 (Win and Forcast only): the
    // type falls back to Win, and the strip comes back to show it.
    const types = page.getByTestId('bet-types');
    await expect(types).toHaveAttribute('data-more-end', '');
    await expect(types).not.toHaveAttribute('data-more-start', '');
    await chooseType(page, 'Pentafecta');
    await expect.poll(() => inStripView(types.getByRole('button', { name: 'Pentafecta' }))).toBe(true);
    await expect(types).toHaveAttribute('data-more-start', '');
    await page.getByTestId('race-tab-1').click();
    await expect(page.getByTestId('race-tab-1')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => inStripView(page.getByTestId('race-tab-1'))).toBe(true);
    await expect.poll(() => inStripView(types.getByRole('button', { name: 'Win', exact: true }))).toBe(true);
    await expect(types).not.toHaveAttribute('data-more-start', '');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the stream hides and shows, and stays as the player left it', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    const event = await createLayoutRaceDay(request, 1, 1, []);
    await openRaceDay(page, event);
    const hide = page.getByRole('button', { name: 'Hide stream' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Live stream' })).toBeVisible();
    await hide.click();
    await expect(page.getByRole('region', { name: 'Live stream' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('event-name')).toHaveText(event.name);
    const show = page.getByRole('button', { name: 'Show stream' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(await seriousViolations(page)).toEqual([]);
    await show.click();
    await expect(page.getByRole('region', { name: 'Live stream' })).toBeVisible();
  });
});

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('three columns: stream and race info, runners, the bet slip; the nav down the side', async ({
    page,
    request,
  }) => {
    const player = await signInAsNewPlayer(page, request);
    await fundCredit(request, player.playerId, 50_000);
    const event = await createLayoutRaceDay(request, 4, 1, ['TRI']);
    await openRaceDay(page, event);

    const info = await boxOf(page.locator('.race-day__info'));
    const runners = await boxOf(page.getByTestId('race-panel'));
    const slip = await boxOf(page.getByTestId('bet-slip'));
    expect(info.x + info.width).toBeLessThanOrEqual(runners.x);
    expect(runners.x + runners.width).toBeLessThanOrEqual(slip.x);
    expect(Math.abs(info.y - runners.y)).toBeLessThan(4);
    expect(Math.abs(slip.y - runners.y)).toBeLessThan(4);
    // The stream and race info take the most room (a stream worth watching), no column wider than it needs.
    expect(info.width).toBeGreaterThanOrEqual(400);
    expect(info.width).toBeLessThanOrEqual(640);
    expect(runners.width).toBeLessThanOrEqual(704);
    expect(slip.width).toBeLessThanOrEqual(384);
    expect((await boxOf(page.getByRole('region', { name: 'Live stream' }))).width).toBeGreaterThanOrEqual(400);
    // The whole slip shows in its column, without the phone's toggle.
    await expect(page.getByTestId('slip-toggle')).toBeHidden();
    await expect(page.getByTestId('slip-sheet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Live stream' })).toBeInViewport();

    // The nav runs down the left edge under the header.
    const nav = await boxOf(page.getByRole('navigation', { name: 'Player' }));
    expect(nav.x).toBe(0);
    expect(nav.width).toBeLessThan(120);
    expect(nav.height).toBeGreaterThan(400);
    expect(info.x).toBeGreaterThanOrEqual(nav.width);

    // A Trifecta from the slip's column, its places picked in place.
    await chooseType(page, 'Trifecta');
    const slipSection = slipOf(page);
    for (const [place, runnerNo] of [
      ['1st', '1'],
      ['2nd', '2'],
      ['3rd', '3'],
    ] as const) {
      await slipSection.getByRole('button', { name: new RegExp(`^${place}`) }).click();
      await betOn(page, runnerNo).click();
    }
    await expect(slipSection.getByTestId('slip-combinations')).toHaveText('1');
    await slipSection.getByTestId('slip-amount').fill('4');
    await expect(slipSection.getByTestId('slip-total')).toHaveText('₱4.00');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
