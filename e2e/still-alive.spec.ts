import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
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
 * Multi-race tickets leg by leg, on a phone (390x844) and on a desktop (1280x800): two Pick4 tickets
 * placed through the API, one on leg 1's winner and one against it. When leg 1's result is confirmed
 * through the back-office API, the live screen's My tickets panel (already open: the result comes in over
 * the socket) shows leg 1 won and the first ticket 'Still alive', leg 1 lost and the second one out;
 * Transaction History says the same.
 */

/** Today's race day of four races open for betting, runners 1-3 each, Pick4 enabled. */
async function createPick4Day(request: APIRequestContext) {
  const day = raceDaySchedule(4);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Still Alive ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: ['PICK4'],
  });
  const races: Race[] = [];
  for (let raceNo = 1; raceNo <= 4; raceNo += 1) {
    const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: day.start(raceNo),
      enabledBetTypes: ['PICK4'],
    });
    for (const [runnerNo, horseName] of [
      ['1', 'Bagyo'],
      ['2', 'Alon'],
      ['3', 'Hangin'],
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
  return { event, races };
}

async function placePick4(page: Page, event: GameEvent, race: Race, selections: number[][]): Promise<string> {
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'PICK4',
      selections,
      amount: 200,
      useBonus: false,
      idempotencyKey: `e2e-still-alive-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  return receipt.ticket_no;
}

/** A ticket's legs in the live panel, by race number. */
const panelLeg = (ticket: Locator, raceNo: number) =>
  ticket.getByTestId('my-ticket-leg').filter({ hasText: `Race ${raceNo}` });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a Pick4 shows leg 1 won and Still alive on the live screen and in history; a losing leg shows lost', async ({
      page,
      request,
    }) => {
      const player = await signInAsNewPlayer(page, request);
      await adminPost(
        request,
        BackofficeRoutes.adjustments(player.playerId),
        { account: 'credit', amount: 10_000, reason: 'E2E still alive funding' },
        { 'idempotency-key': `e2e-still-alive-fund-${uniqueSuffix()}` },
      );
      const { event, races } = await createPick4Day(request);
      const [first] = races as [Race, Race, Race, Race];
      const alive = await placePick4(page, event, first, [[1, 3], [2], [3], [1]]);
      const beaten = await placePick4(page, event, first, [[2], [2], [3], [1]]);

      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await page.goto(`/live?event=${event.id}`);
      await expect(page.getByTestId('event-name')).toHaveText(event.name);
      const panel = page.getByRole('region', { name: 'My tickets' });
      const aliveTicket = panel.getByRole('article', { name: `Pick4 · Races 1/2/3/4 Ticket ${alive}` });
      const beatenTicket = panel.getByRole('article', { name: `Pick4 · Races 1/2/3/4 Ticket ${beaten}` });
      await expect(aliveTicket).toBeVisible();
      await expect(panelLeg(aliveTicket, 1)).toContainText('Not yet run');
      await expect(aliveTicket.getByTestId('my-ticket-badge')).toHaveText('… Open');

      // Leg 1's result through the back office: 1 wins.
      await adminPost(request, RacingAdminRoutes.raceStatus(first.raceId), { status: 'C' });
      await adminPost(request, ToteAdminRoutes.confirmResult(first.raceId), {
        finish: [[1], [2], [3]],
        idempotencyKey: `e2e-still-alive-result-${first.raceId}`,
      });

      // The open screen hears of it over the socket.
      await expect(panelLeg(aliveTicket, 1)).toHaveAttribute('data-status', 'won');
      await expect(panelLeg(aliveTicket, 1)).toContainText('Picks 1, 3');
      await expect(panelLeg(aliveTicket, 1)).toContainText('✓ Won');
      await expect(aliveTicket.getByTestId('my-ticket-badge')).toHaveText('✓ Still alive');
      for (const raceNo of [2, 3, 4]) await expect(panelLeg(aliveTicket, raceNo)).toContainText('Not yet run');
      await expect(panelLeg(beatenTicket, 1)).toHaveAttribute('data-status', 'lost');
      await expect(panelLeg(beatenTicket, 1)).toContainText('✗ Lost');
      await expect(beatenTicket.getByTestId('my-ticket-badge')).toHaveText('✗ Out');
      await panel.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/history?type=bet');
      const tickets = page.getByRole('list', { name: 'Race bet tickets' });
      const aliveCard = tickets.getByRole('article', { name: `Ticket ${alive}` });
      await expect(aliveCard.getByTestId('still-alive')).toHaveText('✓ Still alive');
      await expect(aliveCard.getByRole('row', { name: /^Race 1 1, 3/ })).toContainText('Won');
      await expect(aliveCard.getByRole('row', { name: /^Race 1 1, 3/ })).toContainText('Winner 1');
      await expect(aliveCard.getByRole('row', { name: /^Race 2 2/ })).toContainText('Not yet run');
      const beatenCard = tickets.getByRole('article', { name: `Ticket ${beaten}` });
      await expect(beatenCard.getByRole('row', { name: /^Race 1 2/ })).toContainText('Lost');
      await expect(beatenCard.getByTestId('still-alive')).toHaveCount(0);
      // Not settled yet: no WON / LOSE badge.
      await expect(beatenCard.getByText(/^(WON|LOSE)/)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
