import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  ToteMessages,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';

/**
 * /result at 390 px lists every bet type of a finished race with its winning combination, and where a
 * pool paid no dividend, why: no bets, or refunded. Each test makes its own race day (the demo
 * simulator never moves it) and enters the result through the back-office API.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Today's race day of this test with one open race (1 Bagyo, 2 Alon, 3 Hangin) offering a Trifecta. */
async function openRace(request: APIRequestContext) {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Complete Results ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: ['TRI'],
  });
  let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
    enabledBetTypes: ['TRI'],
  });
  for (const [runnerNo, horseName] of [
    ['1', 'Bagyo'],
    ['2', 'Alon'],
    ['3', 'Hangin'],
  ] as const) {
    ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName,
      jockeyName: `Jockey ${runnerNo}`,
    }));
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

/** Closes betting and confirms the finish 2-1-3 (Alon, Bagyo, Hangin), which settles the race's pools. */
async function resultRace(request: APIRequestContext, race: Race) {
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[2], [1], [3]],
    idempotencyKey: `e2e-complete-${uniqueSuffix()}`,
  });
}

/** The winners table's line of a bet type, by its name in the Bet Type column. */
function lineOf(page: Page, betTypeName: string) {
  return page
    .getByTestId('result-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: betTypeName, exact: true }) });
}

test('a finished race nobody bet on shows every winning combination, each with No bets', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  const { event, race } = await openRace(request);
  await resultRace(request, race);

  await page.goto(`/result?event=${event.id}&raceId=${race.raceId}`);
  const table = page.getByTestId('result-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('result-message')).toHaveCount(0);
  await expect(lineOf(page, 'Win').getByRole('cell')).toHaveText(['W', '2', ToteMessages.noBets]);
  await expect(lineOf(page, 'Forcast').getByRole('cell')).toHaveText(['FC', '2-1', ToteMessages.noBets]);
  await expect(lineOf(page, 'Trifecta').getByRole('cell')).toHaveText(['TRI', '2-1-3', ToteMessages.noBets]);
  await expect(table.getByRole('row')).toHaveCount(4); // the header and three lines
  // The table fits the phone: nothing scrolls the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a Win pool nobody picked the winner of shows Refunded', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 10_000, reason: 'E2E complete results funding' },
    { 'idempotency-key': `e2e-complete-${uniqueSuffix()}` },
  );
  const { event, race } = await openRace(request);
  // ₱10.00 on 3 Hangin to win (as the player: the request holds their session); Alon wins.
  const placed = await request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'W',
      selections: [[3]],
      amount: 1_000,
      useBonus: false,
      idempotencyKey: `e2e-complete-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  await resultRace(request, race);

  await page.goto(`/result?event=${event.id}&raceId=${race.raceId}`);
  await expect(lineOf(page, 'Win').getByRole('cell')).toHaveText(['W', '2', ToteMessages.refunded]);
  await expect(lineOf(page, 'Forcast').getByRole('cell')).toHaveText(['FC', '2-1', ToteMessages.noBets]);
  await expect(lineOf(page, 'Trifecta').getByRole('cell')).toHaveText(['TRI', '2-1-3', ToteMessages.noBets]);

  // The player's ticket says the same.
  await page.goto('/history?type=bet');
  await expect(page.getByTestId('bet-history-list')).toContainText('Refunded');
  // Refunded because nobody backed the winner, and named so.
  await expect(page.getByTestId('ticket-outcome')).toHaveText('No winner: refunded');
});
