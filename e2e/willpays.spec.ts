import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';

/**
 * The pools panel at 390 px against bets placed through the API: the Forcast probables grid of race 1,
 * and a Double's will-pays for race 2 appearing over the socket once leg 1's result is confirmed.
 * Known pools, under EO 194 (shares 8.5% + 8.5% + 1% of the gross, each rounded down to the centavo; the
 * Forecast and Double stamp tax ₱0.05 per ₱1 or part of each ticket):
 * - Forecast ₱10 on 1-2 and ₱30 on 2-1: gross 4,000 centavos, shares 340 + 340 + 40 = 720, stamp tax
 *   50 + 150 = 200, net 3,080. 1-2 pays 3,080 / 1,000 = 3.08, down to 3.00; 2-1 3,080 / 3,000 = 1.02, the 1.00
 *   minimum.
 * - Double ₱1 on 1/2, ₱5 each on 1/2 and 1/3 (a ₱10 ticket), ₱10 on 2/1: gross 2,100, shares 178 + 178 + 21
 *   = 377, stamp tax 5 + 50 + 50 = 105, net 1,618. After 1 wins leg 1, runner 2 of leg 2 holds ₱6: 1,618 / 600
 *   = 2.69, down to 2.60; runner 3 holds ₱5: 1,618 / 500 = 3.23, down to 3.20; runner 1 nothing.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function createDay(request: APIRequestContext) {
  const types = ['DD'];
  const day = raceDaySchedule(2);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Will-pays ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: types,
  });
  const races: Race[] = [];
  for (const raceNo of [1, 2]) {
    const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: day.start(raceNo),
      enabledBetTypes: types,
    });
    for (const [runnerNo, horseName] of [
      ['1', 'Bagyo'],
      ['2', 'Alon'],
      ['3', 'Hangin'],
      ['4', 'Ulap'],
    ] as const) {
      await adminPost(request, RacingAdminRoutes.runners(race.raceId), {
        runnerNo,
        horseName,
        jockeyName: `Jockey ${runnerNo}`,
      });
    }
    await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
    races.push(race);
  }
  return { event, races: races as [Race, Race] };
}

async function bet(page: Page, event: GameEvent, race: Race, betType: string, selections: number[][], amount: number) {
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType,
      selections,
      amount,
      useBonus: false,
      idempotencyKey: `e2e-willpays-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
}

test('the probables grid and a Double will-pay after leg 1 match the bets placed', async ({ page, request }) => {
  // A race day, five bets, a result and two accessibility scans: longer than one screen's check.
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 10_000, reason: 'E2E will-pays funding' },
    { 'idempotency-key': `e2e-willpays-fund-${uniqueSuffix()}` },
  );
  const { event, races } = await createDay(request);
  const [first, second] = races;
  await bet(page, event, first, 'FC', [[1], [2]], 1000);
  await bet(page, event, first, 'FC', [[2], [1]], 3000);
  await bet(page, event, first, 'DD', [[1], [2]], 100);
  await bet(page, event, first, 'DD', [[1], [2, 3]], 500);
  await bet(page, event, first, 'DD', [[2], [1]], 1000);

  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('tab', { name: /Race 1/ }).click();

  const panel = page.getByTestId('pools-panel');
  await panel.getByText('Odds, probables and will-pays').click();
  const grid = panel.getByRole('region', { name: /Forcast probables/ });
  await expect(grid.locator('[data-pair="1-2"]')).toHaveText('3.00');
  await expect(grid.locator('[data-pair="2-1"]')).toHaveText('1.00');
  await expect(grid.locator('[data-pair="3-4"]')).toHaveText('–');
  await expect(panel.getByTestId('pools-willpays')).toContainText('after a leg of a Double or Pick is run');
  await panel.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);

  // Race 2's panel waits for leg 1; its result arrives while the panel is open.
  await page.getByRole('tab', { name: /Race 2/ }).click();
  await expect(panel.getByTestId('pools-ready')).toBeVisible();
  await adminPost(request, RacingAdminRoutes.raceStatus(first.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(first.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-willpays-result-${first.raceId}`,
  });
  const double = panel.locator('.will-pays[data-bet-type="DD"]');
  await expect(double).toContainText('Double from race 1: leg 2 of 2');
  await expect(double.locator('tr[data-runner="2"] td')).toHaveText('2.60');
  await expect(double.locator('tr[data-runner="3"] td')).toHaveText('3.20');
  await expect(double.locator('tr[data-runner="1"] td')).toHaveText('no live ticket');
  await expect(double).toContainText('After winners 1');
  expect(second.raceId).toBeGreaterThan(first.raceId);
  await double.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
});
