import { expect, test, type APIRequestContext } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  DualControlMessages,
  RacingAdminRoutes,
  ToteMessages,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, approveAsSecondAdmin, backofficeLogin, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

/**
 * Results and settlement at 390 px: a player bets, the admin closes betting and enters the result in
 * the back office (preview, confirm), and the player sees the won ticket, the credited balance and the
 * dividend on /result. Every test makes its own race day, so the demo simulator never moves its races.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Today's race day of this test with one race (1 Bagyo, 2 Alon, 3 Hangin), open for betting if asked. */
async function createRace(request: APIRequestContext, open: boolean) {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Results ${uniqueSuffix()}`,
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
  if (open) await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

test('a won Win is settled from the back office and shows in history, balance and results', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E results funding' },
    { 'idempotency-key': `e2e-results-${uniqueSuffix()}` },
  );
  const { event, race } = await createRace(request, true);

  // Another stake in the pool: ₱80.00 on 1 (through the API, as the same player; it loses).
  const placed = await request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'W',
      selections: [[1]],
      amount: 8_000,
      useBonus: false,
      idempotencyKey: `e2e-results-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  expect(receipt.creditBalance).toBe(42_000);

  // The player's Win: ₱20.00 on 2 Alon from the live screen, after reading the funded balance.
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page.getByTestId('player-balance')).toHaveText('₱420.00');
  await page.getByRole('button', { name: 'Bet on 2 Alon', exact: true }).click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-amount').fill('20');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱20.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const betReceipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(betReceipt.getByTestId('receipt-total')).toHaveText('₱20.00');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱400.00');
  await betReceipt.getByRole('button', { name: 'OK' }).click();

  // The admin, on a phone: close betting, then enter the result from the race page.
  const admin = await page.context().newPage();
  await backofficeLogin(admin);
  await admin.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Race 1 · ${event.name}` })).toBeVisible();
  await admin.getByRole('button', { name: 'Close betting' }).click();
  await admin
    .getByRole('dialog', { name: 'Close betting on race 1?' })
    .getByRole('button', { name: 'Yes, close betting' })
    .click();
  await expect(admin.getByTestId('race-status')).toHaveText('Closed');
  await admin.getByRole('link', { name: 'Enter the result of race 1' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Result · Race 1' })).toBeVisible();

  // A garbled finish is refused with the contract's message; the picker builds a good one.
  const finish = admin.getByRole('textbox', { name: 'Finish' });
  await finish.fill('2-2');
  await admin.getByRole('button', { name: 'Preview dividends' }).click();
  await expect(admin.getByText(ToteMessages.finishInvalid)).toBeVisible();
  await admin.getByRole('button', { name: 'Clear', exact: true }).click();
  await admin.getByRole('button', { name: 'Add 2 Alon to the finish' }).click();
  await admin.getByRole('button', { name: 'Add 1 Bagyo to the finish' }).click();
  await admin.getByRole('button', { name: 'Add 3 Hangin to the finish' }).click();
  await expect(finish).toHaveValue('2-1-3');
  await admin.getByRole('button', { name: 'Preview dividends' }).click();

  // Win pool: ₱100.00 staked (₱80 on 1, ₱20 on 2). EO 194 shares: 8.5% + 8.5% + 1% of 10,000 centavos =
  // 850 + 850 + 100 = ₱18.00; stamp tax ₱0.10 + 79 × ₱0.10 = ₱8.00 on the ₱80 ticket, ₱0.10 + 19 × ₱0.10 = ₱2.00
  // on the ₱20 one: ₱10.00. Taken out ₱28.00, net ₱72.00 over ₱20.00 on 2 -> 3.60 (no breakage): paid ₱72.00,
  // of which 10% of the winnings (₱72.00 − ₱20.00) = ₱5.20 is withheld and ₱66.80 reaches the winner.
  const preview = admin.getByTestId('result-preview');
  await expect(preview.getByRole('heading', { name: 'Preview · finish 2-1-3' })).toBeVisible();
  const winPool = preview.getByRole('article', { name: 'Win (W)' });
  await expect(winPool.getByTestId('pool-result')).toHaveText('Paid');
  await expect(winPool.getByTestId('pool-stakes')).toHaveText('₱100.00');
  await expect(winPool.getByTestId('pool-share-franchiseCommission')).toHaveText('₱8.50');
  await expect(winPool.getByTestId('pool-share-prizeFund')).toHaveText('₱8.50');
  await expect(winPool.getByTestId('pool-share-regulator')).toHaveText('₱1.00');
  await expect(winPool.getByTestId('pool-stampTax')).toHaveText('₱10.00');
  await expect(winPool.getByTestId('pool-takeout')).toHaveText('₱28.00');
  await expect(winPool.getByTestId('pool-net')).toHaveText('₱72.00');
  await expect(winPool.getByTestId('pool-payouts')).toHaveText('₱66.80');
  await expect(winPool.getByTestId('pool-winningsTax')).toHaveText('₱5.20');
  const winningTwo = winPool
    .getByTestId('pool-dividends')
    .getByRole('row')
    .filter({ has: admin.getByRole('rowheader', { name: '2', exact: true }) });
  await expect(winningTwo.getByRole('cell')).toHaveText(['3.60', '₱20.00']);
  expect(await seriousViolations(admin)).toEqual([]);

  await preview.getByRole('button', { name: 'Confirm result' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm the result of race 1?' });
  await expect(confirm).toContainText('2-1-3');
  await confirm.getByRole('button', { name: 'Yes, confirm and settle' }).click();
  await expect(admin.getByText('Race 1 is resulted and settled.')).toBeVisible();
  await admin.getByRole('link', { name: 'Settlement report' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Settlement report · Race 1' })).toBeVisible();
  await expect(admin.getByTestId('report-balance')).toHaveText(/Balanced/);
  await expect(admin.getByTestId('report-finish')).toHaveText('2-1-3');
  await admin.close();

  // The player, still on the live screen: the winnings less the tax withheld (₱72.00 − ₱5.20 = ₱66.80) reach
  // the header without a tap (balance push): ₱400.00 + ₱66.80.
  await expect(page.getByTestId('player-balance')).toHaveText('₱466.80');
  // The won ticket and the dividend on /result.
  await page.goto('/history?type=bet');
  await expect(page.getByTestId('bet-history-list')).toContainText('WON ₱66.80');
  await expect(page.getByTestId('player-balance')).toHaveText('₱466.80');

  await page.goto(`/result?event=${event.id}&raceId=${race.raceId}`);
  const table = page.getByTestId('result-table');
  await expect(table).toBeVisible();
  const winLine = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Win', exact: true }) });
  await expect(winLine.getByRole('cell')).toHaveText(['W', '2', '3.60']);
  // Forcast had no bets: its winning order shows, and in place of a dividend, why there is none.
  const forecastLine = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Forcast', exact: true }) });
  await expect(forecastLine.getByRole('cell')).toHaveText(['FC', '2-1', ToteMessages.noBets]);
  await expect(page.getByLabel('Race', { exact: true })).toHaveValue(String(race.raceId));
  expect(await seriousViolations(page)).toEqual([]);
});

test('/result asks for a race first, and a race without a result says so', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  const { event, race } = await createRace(request, false);

  await page.goto('/result');
  await expect(page.getByTestId('result-message')).toHaveText(ToteMessages.selectRace);
  await expect(page.getByRole('button', { name: 'View' })).toBeDisabled();

  await page.goto(`/result?event=${event.id}`);
  await expect(page.getByTestId('result-message')).toHaveText(ToteMessages.selectRace);
  await page.getByLabel('Race', { exact: true }).selectOption(String(race.raceId));
  await page.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`raceId=${race.raceId}`));
  await expect(page.getByTestId('result-message')).toHaveText(ToteMessages.raceNotDone);
});

test('an admin proposes a pool split setting, in force once a second admin approves it, with the contract messages for a bad one', async ({
  page,
}) => {
  // A date far ahead, its own in each run: no race day is priced by it, and its row in the history is this test's.
  const effectiveFrom = `2099-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(
    1 + Math.floor(Math.random() * 28),
  ).padStart(2, '0')}`;
  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Tote');
  await expect(page.getByRole('heading', { level: 1, name: 'Pool split and tax settings' })).toBeVisible();
  await expect(page.getByTestId('settings-in-force')).toContainText('Win (W)');

  // Shares of 30% + 30% + 1% = 61% of the gross: more than the 50% a setting may take.
  await page.getByLabel('Bet type', { exact: true }).selectOption('PENTA');
  const franchise = page.getByLabel('Franchise commission (%)');
  await franchise.fill('30');
  await page.getByLabel('Prize fund (%)').fill('30');
  await page.getByLabel('Effective from (Manila date)').fill(effectiveFrom);
  await page.getByRole('button', { name: 'Propose setting' }).click();
  await expect(page.getByText(ToteMessages.sharesTotal)).toBeVisible();
  await expect(franchise).toBeFocused();

  // 8.5% + 12.5% + 1% = 22%, and a pool with no winner carries over.
  await franchise.fill('8.5');
  await page.getByLabel('Prize fund (%)').fill('12.5');
  await page.getByLabel('When no bet wins').selectOption('carryover');
  await page.getByRole('button', { name: 'Propose setting' }).click();
  // Proposed, not applied (decision 045): it waits for a second admin and is not in the history yet.
  await expect(page.getByText(DualControlMessages.proposed)).toBeVisible();
  const title = `Pool split, taxes and rules: PENTA from ${effectiveFrom}`;
  await expect(page.getByTestId('pending-proposals')).toContainText(title);
  const saved = page.getByTestId('settings-history').getByRole('row').filter({ hasText: effectiveFrom });
  await expect(saved).toHaveCount(0);

  // The second founding admin approves it (the Approvals page itself is dual-control.spec.ts's).
  await approveAsSecondAdmin(new URL(page.url()).origin, title);
  await page.reload();
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Pentafecta');
  await expect(saved).toContainText('Franchise commission 8.5%, Prize fund 12.5%, Regulator share 1%');
  await expect(saved).toContainText('Carry over');

  await page.getByRole('link', { name: 'Carryovers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carryovers' })).toBeVisible();
});
