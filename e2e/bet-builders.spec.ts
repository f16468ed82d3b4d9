import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  UserRoutes,
  type BalanceResponse,
  type BetHistoryResponse,
  type FlagBetType,
  type GameEvent,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { createRaceDay, RACE_CARD } from './raceDay.ts';

/**
 * The bet builders on the live screen (issue 20), at the phone and the desktop viewport: a boxed
 * Trifecta over three runners and a banker Forecast placed through the real UI and API at the cost the
 * builder showed, the balance and the history checked afterwards; a field leg of a Double. Each test has
 * its own player, funded through the back-office adjustment API, and its own race day.
 */

const CARD = RACE_CARD;

const createOpenRaceDay = (request: APIRequestContext, raceCount: number, enabledBetTypes: FlagBetType[]) =>
  createRaceDay(request, { label: 'Builders', raceCount, enabledBetTypes });

async function fundCredit(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E bet builders' },
    { 'idempotency-key': `e2e-builders-${uniqueSuffix()}` },
  );
}

async function openRaceDay(page: Page, event: GameEvent, credit: string) {
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(slipOf(page).getByTestId('slip-credit')).toHaveText(credit);
}

const slipOf = (page: Page) => page.getByTestId('bet-slip');
const builderOf = (page: Page) => page.getByTestId('bet-builder');
const chooseType = (page: Page, name: string) =>
  page.getByTestId('bet-types').getByRole('button', { name, exact: true }).click();
const betOn = (page: Page, runnerNo: string) => {
  const horse = CARD.find(([no]) => no === runnerNo)?.[1] ?? '';
  return page.getByRole('button', { name: `Bet on ${runnerNo} ${horse}`, exact: true });
};
const slipPlace = (page: Page, label: string): Locator =>
  slipOf(page)
    .getByTestId('slip-place')
    .filter({ has: page.getByText(label, { exact: true }) });

/** Submits the slip and answers the receipt's ticket number once the receipt is confirmed. */
async function submitAndConfirm(page: Page, expected: { picks: string; total: string; credit: string }) {
  await slipOf(page).getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-picks')).toHaveText(expected.picks);
  await expect(receipt.getByTestId('receipt-total')).toHaveText(expected.total);
  await expect(receipt.getByTestId('receipt-credit')).toHaveText(expected.credit);
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  expect(ticketNo).not.toBe('');
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();
  return ticketNo;
}

/** The player's balance and tickets of the race day, read from the API with the page's own session. */
async function accountOf(page: Page, eventId: number) {
  const balance = (await (await page.request.post(UserRoutes.getBalance, { data: {} })).json()) as BalanceResponse;
  const history = (await (
    await page.request.post(BettingRoutes.getBetHistory, { data: { eventId } })
  ).json()) as BetHistoryResponse;
  return { credit: balance.creditBalance, tickets: history.betHistory };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a boxed Trifecta over three runners and a banker Forecast are placed at the cost the builder shows', async ({
      page,
      request,
    }) => {
      const player = await signInAsNewPlayer(page, request);
      await fundCredit(request, player.playerId, 50_000);
      const event = await createOpenRaceDay(request, 1, ['TRI']);
      await openRaceDay(page, event, '₱500.00');
      const slip = slipOf(page);
      const builder = builderOf(page);

      // Box: 1, 2 and 3 fill every place of the Trifecta, in every order: 3 x 2 x 1 = 6 combinations.
      await chooseType(page, 'Trifecta');
      await expect(builder.getByRole('radio', { name: 'By place' })).toBeChecked();
      await builder.getByRole('radio', { name: 'Box' }).check();
      for (const runnerNo of ['1', '2', '3']) {
        await betOn(page, runnerNo).click();
        await expect(betOn(page, runnerNo)).toHaveAttribute('aria-pressed', 'true');
      }
      await expect(builder.getByTestId('builder-count')).toHaveText('Combinations: 6');
      for (const place of ['1st', '2nd', '3rd']) {
        await expect(slipPlace(page, place).getByTestId('slip-place-runners')).toHaveText('1, 2, 3');
      }
      await slip.getByTestId('slip-amount').fill('2');
      await expect(slip.getByTestId('slip-combinations')).toHaveText('6');
      await expect(slip.getByTestId('slip-total')).toHaveText('₱12.00');
      expect(await seriousViolations(page)).toEqual([]);
      const boxTicket = await submitAndConfirm(page, {
        picks: '1,2,3-1,2,3-1,2,3',
        total: '₱12.00',
        credit: '₱488.00',
      });
      await expect(builder.getByTestId('builder-count')).toHaveText('Combinations: 0');
      await expect(betOn(page, '1')).toHaveAttribute('aria-pressed', 'false');

      // Banker: 2 fixed in 1st, 1, 3 and 4 around it in 2nd: 3 combinations.
      await chooseType(page, 'Forcast');
      await builder.getByRole('radio', { name: 'Banker' }).check();
      await expect(builder.getByRole('radio', { name: '1st' })).toBeChecked();
      await builder.getByRole('combobox', { name: 'Banker' }).selectOption('2');
      // The banker's place is fixed: its row says Banker instead of offering Bet.
      await expect(betOn(page, '2')).toHaveCount(0);
      await expect(page.locator('[data-testid="runner"][data-runner-no="2"]')).toContainText('Banker');
      for (const runnerNo of ['1', '3', '4']) await betOn(page, runnerNo).click();
      await expect(builder.getByTestId('builder-count')).toHaveText('Combinations: 3');
      await expect(slipPlace(page, '1st').getByTestId('slip-place-runners')).toHaveText('2');
      await expect(slipPlace(page, '2nd').getByTestId('slip-place-runners')).toHaveText('1, 3, 4');
      await slip.getByTestId('slip-amount').fill('5');
      await expect(slip.getByTestId('slip-combinations')).toHaveText('3');
      await expect(slip.getByTestId('slip-total')).toHaveText('₱15.00');
      expect(await seriousViolations(page)).toEqual([]);
      const bankerTicket = await submitAndConfirm(page, { picks: '2-1,3,4', total: '₱15.00', credit: '₱473.00' });
      await expect(slip.getByTestId('slip-credit')).toHaveText('₱473.00');
      await expect(page.getByTestId('player-balance')).toContainText('₱473.00');

      // The server's own record: the balance and both tickets at the cost shown.
      const account = await accountOf(page, event.id);
      expect(account.credit).toBe(47_300);
      const byTicket = new Map(account.tickets.map((ticket) => [ticket.ticketNo, ticket.bets[0]]));
      expect(byTicket.get(boxTicket)).toMatchObject({ amount: 200, combinations: 6, totalAmount: 1200 });
      expect(byTicket.get(bankerTicket)).toMatchObject({ amount: 500, combinations: 3, totalAmount: 1500 });

      await page.goto('/history?type=bet');
      const banker = page.getByRole('article', { name: `Ticket ${bankerTicket}` });
      await expect(banker).toContainText('₱5.00 x 3');
      await expect(banker.getByRole('row', { name: '1st' })).toContainText('2');
      await expect(banker.getByRole('row', { name: '2nd' })).toContainText('1, 3, 4');
      await expect(page.getByRole('article', { name: `Ticket ${boxTicket}` })).toContainText('₱2.00 x 6');
    });

    test('a field leg: All runners in one leg of a Double, the banker moving places in a Trifecta', async ({
      page,
      request,
    }) => {
      const player = await signInAsNewPlayer(page, request);
      await fundCredit(request, player.playerId, 50_000);
      const event = await createOpenRaceDay(request, 2, ['DD', 'TRI']);
      await openRaceDay(page, event, '₱500.00');
      const slip = slipOf(page);
      const builder = builderOf(page);

      // A Trifecta banker moved from 1st to 3rd takes its runners around it; the field around it is 5 x 4.
      await chooseType(page, 'Trifecta');
      await builder.getByRole('radio', { name: 'Banker' }).check();
      await builder.getByRole('combobox', { name: 'Banker' }).selectOption('6');
      await builder.getByRole('button', { name: 'All runners around the banker' }).click();
      await expect(builder.getByRole('button', { name: 'All runners around the banker' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(builder.getByTestId('builder-count')).toHaveText('Combinations: 20');
      await builder.getByRole('radio', { name: '3rd' }).check();
      await expect(slipPlace(page, '3rd').getByTestId('slip-place-runners')).toHaveText('6');
      await expect(slipPlace(page, '1st').getByTestId('slip-place-runners')).toHaveText('1, 2, 3, 4, 5');
      await expect(slip.getByTestId('slip-combinations')).toHaveText('20');

      // Changing type drops those picks (after asking); the Double picks leg by leg, race 2 as a field.
      await chooseType(page, 'Double');
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await expect(builder.getByRole('radio')).toHaveCount(0);
      await betOn(page, '4').click();
      const legs = page.getByTestId('leg-tabs');
      await legs.getByRole('button', { name: 'Race 2', exact: true }).click();
      const field = builder.getByRole('button', { name: 'All runners in Race 2' });
      await expect(field).toHaveAttribute('aria-pressed', 'false');
      await field.click();
      await expect(field).toHaveAttribute('aria-pressed', 'true');
      for (const [runnerNo] of CARD) await expect(betOn(page, runnerNo)).toHaveAttribute('aria-pressed', 'true');
      await expect(slipPlace(page, 'Race 2').getByTestId('slip-place-runners')).toHaveText('1, 2, 3, 4, 5, 6');
      await expect(slip.getByTestId('slip-combinations')).toHaveText('6');
      await slip.getByTestId('slip-amount').fill('3');
      await expect(slip.getByTestId('slip-total')).toHaveText('₱18.00');
      expect(await seriousViolations(page)).toEqual([]);
      const ticket = await submitAndConfirm(page, { picks: '4/1,2,3,4,5,6', total: '₱18.00', credit: '₱482.00' });

      const account = await accountOf(page, event.id);
      expect(account.credit).toBe(48_200);
      expect(account.tickets.find((t) => t.ticketNo === ticket)?.bets[0]).toMatchObject({
        amount: 300,
        combinations: 6,
        totalAmount: 1800,
      });
    });
  });
}
