import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, manilaToday, signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * Race Bet tab of Transaction History at 390 px: a new player sees the empty text, places a Win bet
 * on a race day made through the back-office API, and then sees the ticket.
 */

/** Today's race day with one race of three runners, open for bets. */
async function createOpenRace(request: APIRequestContext): Promise<{ event: GameEvent; race: Race }> {
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E History ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: manilaToday(),
    enabledBetTypes: [],
  });
  let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: new Date(Date.now() + 3_600_000).toISOString(),
    enabledBetTypes: [],
  });
  for (const [runnerNo, horseName, jockeyName] of [
    ['1', 'Bagyo', 'J. Cruz'],
    ['2', 'Kidlat', 'M. Santos'],
    ['3', 'Alon', 'R. Reyes'],
  ] as const) {
    ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName,
      jockeyName,
    }));
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

test('the Race Bet tab shows the empty text, then a placed ticket', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);

  await page.goto('/history?type=bet');
  await expect(page.getByRole('tab', { name: 'Race Bet' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No Transaction available to display')).toBeVisible();

  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E bet history funding' },
    { 'idempotency-key': `e2e-history-${uniqueSuffix()}` },
  );
  const { event, race } = await createOpenRace(request);
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'W',
      selections: [[1]],
      amount: 100,
      useBonus: false,
      idempotencyKey: `e2e-history-bet-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);

  await page.reload();
  const tickets = page.getByRole('list', { name: 'Race bet tickets' });
  await expect(tickets.getByRole('listitem')).toHaveCount(1);
  const ticket = tickets.getByRole('article', { name: `Ticket ${receipt.ticket_no}` });
  await expect(ticket.getByRole('heading', { level: 3 })).toHaveText('Win · Race 1');
  await expect(ticket.getByText('₱1.00 x 1')).toBeVisible();
  await expect(ticket.getByRole('row', { name: '1st 1' })).toBeVisible();
  await expect(ticket.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(ticket.getByText('Use Bonus Bet')).toHaveCount(0);
  // Open tickets carry no status badge.
  await expect(ticket.getByText(/^(WON|LOSE|Scratch)/)).toHaveCount(0);
});
