import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './test.ts';
import {
  BettingRoutes,
  PaymentBackofficeRoutes,
  PaymentRoutes,
  RacingAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type PaymentRequestReceipt,
  type Race,
} from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { approveDeposit } from './payment-approvals.ts';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';

/**
 * Activity Statement at 390 px (issue 22): after an approved deposit and a bet, the player opens the
 * current month's statement from the account menu, reads its figures, and downloads it as CSV and PDF.
 */

async function openRace(request: APIRequestContext): Promise<{ event: GameEvent; race: Race }> {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Statement ${uniqueSuffix()}`,
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
  for (const runnerNo of ['1', '2']) {
    ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName: `Takbo ${runnerNo}`,
      jockeyName: 'J. Cruz',
    }));
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

test('the month after a deposit and a bet: figures on the page, CSV and PDF downloads', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);

  // A ₱500 deposit without a receipt, approved by two admins (decision 042), then a ₱20 Win bet.
  const { account } = await adminPost<{ account: { id: number } }>(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Statement',
    accountNumber: `0917${uniqueSuffix().replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
    active: true,
  });
  const deposited = await page.request.post(PaymentRoutes.initiateDeposit, {
    data: {
      amount: 50_000,
      senderNumber: '09171234567',
      receiverNumber: account.id,
      referenceNumber: `${Date.now()}${Math.floor(Math.random() * 1000)}`,
      idempotencyKey: `e2e-statement-deposit-${uniqueSuffix()}`,
    },
  });
  const receipt = (await deposited.json()) as PaymentRequestReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  await approveDeposit(request, receipt.transactionId);
  const { event, race } = await openRace(request);
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'W',
      selections: [[1]],
      amount: 2_000,
      useBonus: false,
      idempotencyKey: `e2e-statement-bet-${uniqueSuffix()}`,
    },
  });
  expect(((await placed.json()) as BetReceipt).statusCode).toBe(200);

  await page.goto('/account');
  await page.getByRole('link', { name: 'Activity Statement' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Statement' })).toBeVisible();

  const monthName = new Intl.DateTimeFormat('en-PH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Manila',
  }).format(new Date());
  await expect(page.getByLabel('Month')).toHaveValue(/^\d{4}-\d{2}$/);
  await expect(page.getByLabel('Month').locator('option:checked')).toHaveText(monthName);
  const summary = page.getByRole('region', { name: `Summary for ${monthName}` });
  await expect(summary.getByTestId('statement-opening')).toHaveText('Opening balance₱0.00');
  await expect(summary.getByTestId('statement-deposits')).toHaveText('Deposits₱500.00');
  await expect(summary.getByTestId('statement-stakes')).toHaveText('Bets (stakes)-₱20.00');
  await expect(summary.getByTestId('statement-netResult')).toHaveText('Net result of betting-₱20.00');
  await expect(summary.getByTestId('statement-closing')).toHaveText('Closing balance₱480.00');
  const lines = page.getByRole('list', { name: `Transactions in ${monthName}, newest first` });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines.getByRole('listitem').first()).toContainText('Bet');
  await expect(lines.getByRole('listitem').first()).toContainText('-₱20.00');
  await expect(lines.getByRole('listitem').first()).toContainText('Balance ₱480.00');
  await expect(lines.getByRole('listitem').last()).toContainText('Deposit');

  expect(await seriousViolations(page)).toEqual([]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download CSV of ${monthName}` }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^karera-statement-\d{4}-\d{2}\.csv$/);
  const csvText = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows = csvText.split('\r\n');
  expect(rows[0]).toBe('Date (Manila),Type,Description,Amount (PHP),Balance (PHP),Transaction');
  expect(rows[1]).toMatch(/,Deposit,.*,500\.00,500\.00,\d+$/);
  expect(rows[2]).toMatch(/,Bet,.*,-20\.00,480\.00,\d+$/);
  expect(rows).toContain('Deposits,,,500.00,,');
  expect(rows).toContain('Closing balance,,,480.00,,');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PDF of ${monthName}` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^karera-statement-\d{4}-\d{2}\.pdf$/);
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(player.playerId).toBeGreaterThan(0);
});

test('a new account with nothing this month sees the empty statement', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/statement');
  await expect(page.getByTestId('statement-empty')).toHaveText('No transactions this month.');
  await expect(page.getByTestId('statement-closing')).toHaveText('Closing balance₱0.00');
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the statement reads at desktop width with both downloads side by side', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    await page.goto('/statement');
    await expect(page.getByTestId('statement-closing')).toHaveText('Closing balance₱0.00');
    const csv = await page.getByTestId('statement-csv').boundingBox();
    const pdf = await page.getByTestId('statement-pdf').boundingBox();
    expect(csv && pdf && Math.abs(csv.y - pdf.y) < 1 && pdf.x > csv.x + csv.width).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
