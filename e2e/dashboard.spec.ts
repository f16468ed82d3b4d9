import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { BackofficeRoutes, BettingRoutes, type BetReceipt, type GameEvent, type Race } from '@karera/shared';
import { adminPost, backofficeLogin, createVerifiedPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * The race-day dashboard, the admin's home page (decision 038): a race of this test's own race day, its
 * turnover moving when a player bets (over the live socket, no reload), accessible, and laid out for a
 * phone too. Other specs' races may share the server: this one only looks at its own race's card.
 */

/** Today's race day (Manila) of one race, post time in an hour, three runners, open for bets. */
async function openRaceToday(request: APIRequestContext): Promise<{ event: GameEvent; race: Race; name: string }> {
  const { races, ...event } = await createRaceDay(request, { label: 'Dashboard', raceCount: 1, enabledBetTypes: [] });
  const race = races[0];
  if (!race) throw new Error('The race day has no race.');
  const { name } = event;
  return { event, race, name };
}

async function openDashboard(page: Page) {
  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Race-day dashboard' })).toBeVisible();
  // The live socket took the staff hello.
  await expect(page.getByTestId('dashboard-live')).toHaveAttribute('data-state', 'open');
}

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the dashboard follows a player’s bet without a reload, and has no serious accessibility violations', async ({
    page,
    request,
  }) => {
    const { event, race, name } = await openRaceToday(request);
    const player = await createVerifiedPlayer(request);
    await adminPost(
      request,
      BackofficeRoutes.adjustments(player.playerId),
      { account: 'credit', amount: 10_000, reason: 'E2E dashboard funding' },
      { 'idempotency-key': `e2e-dashboard-${uniqueSuffix()}` },
    );
    await openDashboard(page);

    const card = page.locator(`[data-testid="dashboard-race"][data-race-id="${race.raceId}"]`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Race 1 · ${name}`);
    await expect(card.getByTestId('race-status')).toHaveText('Open');
    await expect(card.getByText(/^Post in \d+:\d{2}/)).toBeVisible();
    await expect(card.getByTestId('dashboard-race-turnover')).toHaveText('₱0.00');
    await expect(card.getByText('No bets yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    const placed = await request.post(BettingRoutes.placeBet, {
      data: {
        raceId: race.raceId,
        eventId: event.id,
        betType: 'W',
        selections: [[2]],
        amount: 2_500,
        useBonus: false,
        idempotencyKey: `e2e-dashboard-bet-${uniqueSuffix()}`,
      },
    });
    const receipt = (await placed.json()) as BetReceipt;
    expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);

    // POOLS_UPDATED on the socket (the leader looks every 2 s) makes the page read the figures again.
    await expect(card.getByTestId('dashboard-race-turnover')).toHaveText('₱25.00');
    await expect(card.getByTestId('dashboard-race-bettors')).toHaveText('1');
    await expect(card.getByRole('row', { name: 'Win (W) 1 ₱25.00' })).toBeVisible();
    expect(reloads).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The race's card leads to its page.
    await card.getByRole('link', { name: `Race 1 · ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/race-day/${event.id}/races/${race.raceId}$`));
  });
});

test('on a phone (390x844) the dashboard is one column without sideways scrolling', async ({ page, request }) => {
  const { race } = await openRaceToday(request);
  await openDashboard(page);
  const card = page.locator(`[data-testid="dashboard-race"][data-race-id="${race.raceId}"]`);
  await expect(card).toBeVisible();
  const tiles = page.getByRole('region', { name: 'Today at a glance' }).getByRole('listitem');
  await expect(tiles).toHaveCount(4);
  // Two tiles a row at 390 px; the race card as wide as the page's column.
  const [first, second, third] = await Promise.all([0, 1, 2].map((i) => tiles.nth(i).boundingBox()));
  expect(first && second && third && Math.abs(first.y - second.y) < 2 && third.y > first.y).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
