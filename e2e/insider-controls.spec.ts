import { expect, test, type APIRequestContext, type Browser, type Page } from './test.ts';
import {
  ApprovalMessages,
  BackofficeRoutes,
  IDEMPOTENCY_KEY_HEADER,
  PaymentBackofficeRoutes,
  PlayerMessages,
  type AdjustmentResponse,
  type DepositAccountView,
  type LoginLinkResponse,
} from '@karera/shared';
import {
  adminPost,
  backofficeAsSecondAdmin,
  backofficeLogin,
  createVerifiedPlayer,
  newPlayer,
  PLAYER_SESSION_COOKIE,
  storedLoginOf,
  storePlayerLogin,
  uniqueSuffix,
} from './support.ts';
import { agentOfNewBranch } from './agent-branch.ts';

/**
 * Insider controls at 390 px (decisions 020, 042): a deposit above the threshold is approved by the agent,
 * then by an independent admin (never by the admin who made the agent), with the player's receipt in front
 * of both; an adjustment above the threshold waits for a second admin, the independent second founding
 * admin.
 */

const STAFF_PASSWORD = 'staff-password-12';

/** An agent of a new branch made by the test's admin, and a player of theirs, signed in on `page`. */
async function agentAndPlayer(page: Page, request: APIRequestContext) {
  const referralCode = `Q${uniqueSuffix()}`.slice(0, 12).toUpperCase();
  const { agent } = await agentOfNewBranch(request, referralCode, STAFF_PASSWORD);
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

const PHONE = { width: 390, height: 844 };

/** A phone (or, at a desktop's width, a computer) of its own, so each staff member keeps their own sign-in. */
async function phonePage(browser: Browser, viewport = PHONE): Promise<Page> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  return context.newPage();
}

/** A staff member's own phone, signed in (a new admin of this test when no username is given). */
async function staffPage(browser: Browser, username?: string, viewport = PHONE): Promise<Page> {
  const page = await phonePage(browser, viewport);
  await backofficeLogin(page, username, username === undefined ? undefined : STAFF_PASSWORD);
  return page;
}

/** The second founding admin's phone: outside every test admin's line, so their independent second person. */
async function secondAdminPage(browser: Browser, path: string, viewport = PHONE): Promise<Page> {
  const page = await phonePage(browser, viewport);
  await backofficeAsSecondAdmin(page, path);
  return page;
}

/** The receipt image on a request card has loaded: shown, not a broken image. */
async function expectReceiptShown(card: ReturnType<Page['getByTestId']>) {
  const receipt = card.getByTestId('payment-receipt');
  await expect(receipt).toBeVisible();
  // The image loads lazily, as a person scrolling the list would see it: an admin's list is long.
  await receipt.scrollIntoViewIfNeeded();
  await expect
    .poll(() => receipt.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test('a deposit above the threshold needs the agent and then an independent admin, not the agent’s creator; both see the receipt', async ({
  page,
  request,
  browser,
}) => {
  const { agent } = await agentAndPlayer(page, request);
  await adminPost<{ account: DepositAccountView }>(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Cashier',
    accountNumber: '09171113333',
    active: true,
  });
  const reference = `7013 ${String(Date.now()).slice(-9, -6)} ${String(Date.now()).slice(-6)}`;

  await page.goto('/payment');
  await page.getByText('GCash', { exact: true }).click();
  await page.getByTestId('receipt-input').setInputFiles({
    name: 'gcash-receipt.png',
    mimeType: 'image/png',
    buffer: await receiptScreenshot(browser, '15,000.00', reference),
  });
  await expect(page.getByTestId('receipt-status')).toHaveText(/We filled in what we could read/);
  await expect(page.getByTestId('deposit-amount')).toHaveValue('15000');
  await page.getByTestId('deposit-sender').fill('09175550001');
  await page.getByTestId('deposit-submit').click();
  const success = page.getByRole('dialog', { name: 'Request sent' });
  const transactionId = (await success.getByTestId('payment-transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^DR\d{6}$/);
  await success.getByRole('button', { name: 'OK' }).click();

  // The agent: the receipt beside the request; their approval is the first of two and credits nothing.
  const agentPage = await staffPage(browser, agent.username);
  await agentPage.goto('/backoffice/payments');
  const agentCard = agentPage.getByTestId('payment-request').filter({ hasText: transactionId });
  await expectReceiptShown(agentCard);
  await agentCard.getByRole('button', { name: 'Approve' }).click();
  const first = agentPage.getByRole('dialog', { name: `Approve ${transactionId}?` });
  await expect(first).toContainText('this is the first of two approvals');
  await first.getByRole('button', { name: 'Confirm' }).click();
  await expect(agentPage.getByRole('status').filter({ hasText: `${transactionId} approved once` })).toBeVisible();
  await expect(agentCard.getByTestId('payment-two-approvals')).toHaveText('Needs two approvals: above the threshold.');
  await expect(agentCard.getByTestId('payment-first-approval')).toContainText(
    'Waits for a second approval by an admin, or a master agent of another branch, outside the first approver’s line',
  );
  await agentPage.context().close();
  await page.reload();
  await expect(page.getByTestId('player-balance')).toHaveText('₱0.00');

  // The admin who made the agent is in the agent's line: their second approval is refused, nothing moves.
  const byCreator = await request.post(PaymentBackofficeRoutes.approve(Number(transactionId.slice(2))), {
    data: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: `e2e-${uniqueSuffix()}` },
  });
  expect(byCreator.status()).toBe(403);
  expect(((await byCreator.json()) as { statusMessage: string }).statusMessage).toBe(
    ApprovalMessages.secondPersonInLine,
  );

  // The second founding admin gives the second approval, with the same receipt in front of them; the money moves.
  const checkerPage = await secondAdminPage(browser, '/backoffice/payments');
  const checkerCard = checkerPage.getByTestId('payment-request').filter({ hasText: transactionId });
  await expectReceiptShown(checkerCard);
  await expect(checkerCard.getByTestId('payment-first-approval')).toContainText(`Agent `);
  await checkerCard.getByRole('button', { name: 'Give second approval' }).click();
  const second = checkerPage.getByRole('dialog', { name: `Approve ${transactionId}?` });
  await expect(second).toContainText('approved it first');
  await second.getByRole('button', { name: 'Confirm' }).click();
  await expect(checkerPage.getByRole('status').filter({ hasText: `${transactionId} approved.` })).toBeVisible();
  await checkerPage.context().close();

  await expect(page.getByTestId('player-balance')).toHaveText('₱15,000.00');
});

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width}x${viewport.height}: money an admin let in is not paid out by the agent that admin made; an admin outside the line pays it`, async ({
    page,
    request,
    browser,
  }) => {
    const { agent, player } = await agentAndPlayer(page, request);
    // The test's admin credits the player alone (under the threshold), then asks for nothing more.
    const credited = await adminPost<AdjustmentResponse>(
      request,
      BackofficeRoutes.adjustments(player.playerId),
      { account: 'credit', amount: 100_000, reason: 'E2E goodwill credit' },
      { 'idempotency-key': `e2e-${uniqueSuffix()}` },
    );
    expect(credited.status).toBe('APPROVED');
    const asked = await page.request.post('/api/payment/initiateWithdraw', {
      data: {
        amount: 50_000,
        companyName: 'gcash',
        accountName: 'Maria Santos',
        accountNumber: '09171234567',
        idempotencyKey: `e2e-${uniqueSuffix()}`,
      },
    });
    const withdrawal = (await asked.json()) as { statusCode: number; transactionId: string };
    expect(withdrawal.statusCode).toBe(200);
    const transactionId = withdrawal.transactionId;

    // The agent the admin made (an account the admin chose the password of) sees the request and tries to
    // pay it: refused, in the server's words.
    const agentPage = await staffPage(browser, agent.username, viewport);
    await agentPage.goto('/backoffice/payments');
    const agentCard = agentPage.getByTestId('payment-request').filter({ hasText: transactionId });
    await agentCard.getByRole('button', { name: 'Approve' }).click();
    const refused = agentPage.getByRole('dialog', { name: `Approve ${transactionId}?` });
    await refused.getByRole('button', { name: 'Confirm' }).click();
    await expect(refused.getByRole('alert')).toHaveText(ApprovalMessages.withdrawalAfterLineCredit);
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await expect(agentCard.getByRole('button', { name: 'Approve' })).toBeVisible();
    await agentPage.context().close();

    // The second founding admin, outside every test admin's line, pays it out.
    const outsider = await secondAdminPage(browser, '/backoffice/payments', viewport);
    const card = outsider.getByTestId('payment-request').filter({ hasText: transactionId });
    await card.getByRole('button', { name: 'Approve' }).click();
    const paying = outsider.getByRole('dialog', { name: `Approve ${transactionId}?` });
    await expect(paying).toContainText('Confirm that you sent ₱500.00');
    await paying.getByRole('button', { name: 'Confirm' }).click();
    await expect(outsider.getByRole('status').filter({ hasText: `${transactionId} approved.` })).toBeVisible();
    await outsider.context().close();
  });
}

test('an adjustment above the threshold waits for a second, independent admin, who approves it', async ({
  request,
  browser,
}) => {
  const player = await createVerifiedPlayer(request);
  const pending = await adminPost<AdjustmentResponse>(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 2_500_000, reason: 'E2E goodwill credit' },
    { 'idempotency-key': `e2e-${uniqueSuffix()}` },
  );
  expect(pending).toMatchObject({ status: 'PENDING', transactionId: null });

  const secondAdmin = await secondAdminPage(browser, '/backoffice/payments');
  const card = secondAdmin.getByTestId('pending-adjustment').filter({ hasText: `Adjustment #${pending.adjustmentId}` });
  await expect(card).toContainText('E2E goodwill credit');
  await card.getByRole('button', { name: 'Give second approval' }).click();
  await expect(
    secondAdmin.getByRole('status').filter({ hasText: `Adjustment #${pending.adjustmentId} approved.` }),
  ).toBeVisible();
  await secondAdmin.goto(`/backoffice/players/${player.playerId}`);
  await expect(secondAdmin.getByText('₱25,000.00').first()).toBeVisible();
  await secondAdmin.context().close();
});

test('an admin reads the approval thresholds and limits; a large adjustment from the form waits for another admin', async ({
  request,
  browser,
}) => {
  const player = await createVerifiedPlayer(request);
  const admin = await staffPage(browser);

  // Settings as the server has them until two admins change them (decision 045, its own spec): admins too
  // have a daily approval limit, ₱1,000,000 (decision 042).
  await admin.goto('/backoffice/deposit-accounts');
  const settings = admin.getByTestId('approval-settings');
  await expect(settings.getByLabel('Deposits need two approvals above (₱)')).toHaveValue('10000.00');
  await expect(settings.getByLabel('Daily approval limit of an admin (₱)')).toHaveValue('1000000.00');

  // The adjustment form: above the threshold, nothing moves until a second admin approves.
  await admin.goto(`/backoffice/players/${player.playerId}`);
  await admin.getByLabel('Amount (₱)').fill('15000');
  await admin.getByLabel('Reason', { exact: true }).fill('E2E large goodwill credit');
  await admin.getByRole('button', { name: 'Review adjustment' }).click();
  await admin.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'waits for another admin’s approval' })).toBeVisible();
  await admin.goto('/backoffice/payments');
  const card = admin.getByTestId('pending-adjustment').filter({ hasText: 'E2E large goodwill credit' });
  // Not offered to the admin who asked for it: the server would refuse, and the page says why.
  const ownApproval = card.getByRole('button', { name: 'Give second approval' });
  await expect(ownApproval).toBeDisabled();
  await expect(ownApproval).toHaveAccessibleDescription(
    'You gave the first approval: another staff member must give the second.',
  );
  await admin.context().close();
});

test('a session opened from a login link cannot deposit: the player is told to log in themself', async ({
  page,
  request,
}) => {
  const player = await createVerifiedPlayer(request);
  await adminPost<{ account: DepositAccountView }>(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Cashier',
    accountNumber: '09171114444',
    active: true,
  });
  const { url } = await adminPost<LoginLinkResponse>(request, BackofficeRoutes.loginLink(player.playerId), {
    reason: 'E2E: the player cannot receive the OTP',
  });

  await page.goto(url);
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
  await page.goto('/payment');
  await page.getByText('GCash', { exact: true }).click();
  await page.getByTestId('deposit-amount').fill('500');
  await page.getByTestId('deposit-sender').fill('09175550002');
  await page.getByTestId('deposit-reference').fill(`70${Date.now()}`.slice(0, 13));
  await page.getByTestId('deposit-submit').click();
  const failure = page.getByRole('alertdialog', { name: 'Request failed' });
  await expect(failure).toContainText(PlayerMessages.staffSessionRefused);
});
