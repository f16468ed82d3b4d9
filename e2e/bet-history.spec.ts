import { expect, test, type APIRequestContext } from './test.ts';
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

/**
 * Race Bet tab of Transaction History at 390 px: a new player sees the empty text, places a Win bet
 * on a race day made through the back-office API, and then sees the ticket. A winning bonus ticket shows
 * what reached credit and that its bonus stake was not returned (decision 016).
 */

/** Today's race day with one race of three runners, open for bets. */
async function createOpenRace(request: APIRequestContext): Promise<{ event: GameEvent; race: Race }> {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E History ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
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

test('a winning bonus ticket shows the winnings it paid and that its bonus stake was not returned', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  for (const account of ['bonus', 'credit'] as const) {
    await adminPost(
      request,
      BackofficeRoutes.adjustments(player.playerId),
      { account, amount: 1_000, reason: 'E2E bonus stake funding' },
      { 'idempotency-key': `e2e-bonus-stake-${account}-${uniqueSuffix()}` },
    );
  }
  const { event, race } = await createOpenRace(request);
  const bet = async (runner: number, useBonus: boolean) => {
    const placed = await page.request.post(BettingRoutes.placeBet, {
      data: {
        raceId: race.raceId,
        eventId: event.id,
        betType: 'W',
        selections: [[runner]],
        amount: 1_000,
        useBonus,
        idempotencyKey: `e2e-bonus-stake-bet-${uniqueSuffix()}`,
      },
    });
    const receipt = (await placed.json()) as BetReceipt;
    expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
    return receipt;
  };
  // ₱10 of bonus on 1, ₱10 of credit on 2; 1 wins.
  const bonusTicket = await bet(1, true);
  const creditTicket = await bet(2, false);
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-bonus-stake-result-${race.raceId}`,
  });

  await page.goto('/history?type=bet');
  const tickets = page.getByRole('list', { name: 'Race bet tickets' });
  // ₱20 in (two ₱10 tickets), under EO 194: shares 8.5% + 8.5% + 1% of 2,000 centavos = 170 + 170 + 20 = ₱3.60;
  // stamp tax ₱0.10 + 9 × ₱0.10 = ₱1.00 a ticket, ₱2.00; net 2,000 − 360 − 200 = ₱14.40 over ₱10 on 1:
  // 1.44, down to 1.40. Paid ₱14.00; 10% of the winnings (₱14.00 − ₱10.00) = ₱0.40 withheld first, ₱13.60
  // left, of which the ₱10.00 bonus stake is not returned: ₱3.60 reaches the credit.
  const won = tickets.getByRole('article', { name: `Ticket ${bonusTicket.ticket_no}` });
  await expect(won.getByText('Use Bonus Bet')).toBeVisible();
  await expect(won.getByText('WON ₱3.60')).toBeVisible();
  await expect(won.getByTestId('ticket-gross-won')).toHaveText('₱14.00');
  await expect(won.getByTestId('ticket-winnings-tax')).toHaveText('₱0.40');
  await expect(won.getByText('Bonus stake not returned')).toBeVisible();
  await expect(won.getByTestId('ticket-bonus-stake')).toHaveText('₱10.00');
  const lost = tickets.getByRole('article', { name: `Ticket ${creditTicket.ticket_no}` });
  await expect(lost.getByText('LOSE')).toBeVisible();
  await expect(lost.getByText('Bonus stake not returned')).toHaveCount(0);
});
