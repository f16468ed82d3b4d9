import { expect, test, type APIRequestContext, type Browser, type Page } from './test.ts';
import { BackofficeRoutes, PaymentBackofficeRoutes, type DepositAccountView } from '@karera/shared';
import {
  adminPost,
  backofficeLogin,
  createVerifiedPlayer,
  newPlayer,
  PLAYER_SESSION_COOKIE,
  storedLoginOf,
  storePlayerLogin,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { agentOfNewBranch } from './agent-branch.ts';

/**
 * Payments at 390 px, end to end: a player deposits with a receipt screenshot that OCR reads into the
 * form, their agent approves it in the back office on another tab, and the player's header balance
 * (pushed over the live socket) and Wallet history show it; a withdrawal holds the amount at once,
 * the agent declines it and the balance comes back.
 */

const AGENT_PASSWORD = 'agent-password-1';

/** An agent of the e2e admin with their own referral code, and a verified player of theirs signed in on `page`. */
async function agentAndPlayer(page: Page, request: APIRequestContext) {
  const suffix = uniqueSuffix();
  const referralCode = `P${suffix}`.slice(0, 12).toUpperCase();
  const { agent } = await agentOfNewBranch(request, referralCode, AGENT_PASSWORD);
  const player = await createVerifiedPlayer(request, Object.assign(newPlayer(), { referralCode }));
  const { cookies } = await request.storageState();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE));
  await storePlayerLogin(page, storedLoginOf(player.login));
  return { agent, player };
}

/** A GCash receipt screenshot, drawn by the browser itself (phone width, 2x like a real screenshot). */
async function receiptScreenshot(browser: Browser, amount: string, reference: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 520 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(`
    <body style="margin:0;font-family:'DejaVu Sans',sans-serif;background:#fff;color:#111">
      <div style="background:#0a5adf;color:#fff;height:90px;display:grid;place-items:center;font-size:28px;font-weight:bold">GCash</div>
      <p style="text-align:center;font-size:18px;margin:28px 0 6px">Sent via GCash</p>
      <p style="text-align:center;font-size:16px;color:#333;margin:0 0 36px">JU**N D.</p>
      <div style="display:flex;justify-content:space-between;padding:0 24px;font-size:16px"><span style="color:#555">Amount</span><span>${amount}</span></div>
      <div style="display:flex;justify-content:space-between;padding:16px 24px;font-size:20px;font-weight:bold"><span style="color:#555;font-weight:normal;font-size:16px">Total Amount Sent</span><span>₱${amount}</span></div>
      <p style="padding:0 24px;font-size:15px;color:#333;margin:36px 0 8px">Ref No. ${reference}</p>
      <p style="padding:0 24px;font-size:15px;color:#333;margin:0">Nov 21, 2026 3:04 PM</p>
    </body>`);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

async function approveOrDecline(
  agentPage: Page,
  agentUsername: string,
  transactionId: string,
  decision: 'Approve' | 'Decline',
  reason = '',
) {
  await backofficeLogin(agentPage, agentUsername, AGENT_PASSWORD);
  await agentPage.goto('/backoffice/payments');
  const card = agentPage.getByTestId('payment-request').filter({ hasText: transactionId });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: decision }).click();
  const dialog = agentPage.getByRole('dialog', { name: `${decision} ${transactionId}?` });
  if (reason) await dialog.getByTestId('payment-decision-note').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    agentPage
      .getByRole('status')
      .filter({ hasText: `${transactionId} ${decision === 'Approve' ? 'approved' : 'declined'}` }),
  ).toBeVisible();
}

test('a deposit prefilled from a receipt is approved by the agent; balance and Wallet history show it', async ({
  page,
  request,
  browser,
}) => {
  const { agent } = await agentAndPlayer(page, request);
  await adminPost<{ account: DepositAccountView }>(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Cashier',
    accountNumber: '09171112222',
    active: true,
  });
  const reference = `7012 ${String(Date.now()).slice(-9, -6)} ${String(Date.now()).slice(-6)}`;
  const expectedReference = reference.replaceAll(' ', '');

  await page.goto('/payment');
  await expect(page.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
  await page.getByText('GCash', { exact: true }).click();
  // The GCash account shown is the one at player id modulo the active GCash accounts (demo ones included).
  await expect(page.getByTestId('deposit-account')).toContainText(/Karera/);

  await page.getByTestId('receipt-input').setInputFiles({
    name: 'gcash-receipt.png',
    mimeType: 'image/png',
    buffer: await receiptScreenshot(browser, '1,250.00', reference),
  });
  await expect(page.getByTestId('receipt-status')).toHaveText(/We filled in what we could read/);
  await expect(page.getByTestId('deposit-reference')).toHaveValue(expectedReference);
  await expect(page.getByTestId('deposit-amount')).toHaveValue('1250');

  await page.getByTestId('deposit-sender').fill('09175550000');
  await page.getByTestId('deposit-submit').click();
  const success = page.getByRole('dialog', { name: 'Request sent' });
  await expect(success).toContainText('Please wait for our agent to verify your deposit.');
  const transactionId = (await success.getByTestId('payment-transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^DR\d{6}$/);
  await success.getByRole('button', { name: 'OK' }).click();

  await page.goto('/history?type=wallet');
  const row = page.getByTestId('wallet-row').filter({ hasText: transactionId });
  await expect(row.getByTestId('wallet-status')).toHaveText(/Pending/);
  await expect(page.getByTestId('player-balance')).toHaveText('₱0.00');

  // The agent decides on another tab; the player's tab hears it over the live socket.
  const agentPage = await page.context().newPage();
  await approveOrDecline(agentPage, agent.username, transactionId, 'Approve');
  await agentPage.close();

  await expect(page.getByTestId('player-balance')).toHaveText('₱1,250.00');
  await expect(row.getByTestId('wallet-status')).toHaveText(/Approved/);
  await expect(row.getByTestId('wallet-amount')).toHaveText('₱1,250.00');
  await expect(row).toContainText(`Ref ${expectedReference}`);
});

test('a withdrawal holds the amount at once; when the agent declines it the balance comes back', async ({
  page,
  request,
}) => {
  const { agent, player } = await agentAndPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 300_000, reason: 'e2e starting credit' },
    { 'idempotency-key': `e2e-${uniqueSuffix()}` },
  );

  await page.goto('/payment?type=withdraw');
  await expect(page.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱3,000.00');
  await page.getByRole('button', { name: '₱500', exact: true }).click();
  await page.getByText('BDO', { exact: true }).click();
  await page.getByTestId('withdraw-account-name').fill('Ana Reyes');
  await page.getByTestId('withdraw-account-number').fill('001234567890');
  await page.getByTestId('withdraw-submit').click();
  const success = page.getByRole('dialog', { name: 'Request sent' });
  await expect(success).toContainText('Please wait for our agent to verify your withdrawal.');
  const transactionId = (await success.getByTestId('payment-transaction-id').textContent()) ?? '';
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('player-balance')).toHaveText('₱2,500.00');

  await page.goto('/history?type=wallet');
  const row = page.getByTestId('wallet-row').filter({ hasText: transactionId });
  await expect(row.getByTestId('wallet-amount')).toHaveText('-₱500.00');
  await expect(row.getByTestId('wallet-status')).toHaveText(/Pending/);

  const agentPage = await page.context().newPage();
  await approveOrDecline(agentPage, agent.username, transactionId, 'Decline', 'Account name does not match');
  await agentPage.close();

  await expect(page.getByTestId('player-balance')).toHaveText('₱3,000.00');
  await expect(row.getByTestId('wallet-status')).toHaveText(/Declined/);
  await expect(row).toContainText('Account name does not match');
});

test('the payment page, the Wallet tab and the verification pages have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await agentAndPlayer(page, request);
  await page.goto('/payment');
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/payment?type=withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/history?type=wallet');
  await expect(page.getByText('No Transaction available to display')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await backofficeLogin(page);
  await page.goto('/backoffice/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment verification' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/backoffice/deposit-accounts');
  await expect(page.getByTestId('deposit-account-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
