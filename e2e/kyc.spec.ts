import { randomUUID } from 'node:crypto';
import { expect, test } from './test.ts';
import sharp from 'sharp';
import { formatPeso, KycMessages, type KycStatusResponse } from '@karera/shared';
import { adminPost, backofficeLogin, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

/** A small photo with some detail (not flat), as a phone would send. */
async function photo(format: 'png' | 'jpeg', hue: number): Promise<Buffer> {
  const width = 96;
  const height = 72;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + hue * ((i / 288) | 0)) & 0xff;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

test('a player completes identity verification from the account menu, an admin approves it, and the withdrawal goes through', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  const legalName = `Maria Clara Santos ${uniqueSuffix().slice(-6)}`;

  await page.goto('/account');
  await page.getByRole('link', { name: 'Verify identity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
  const status = page.getByTestId('kyc-status');
  await expect(status).toContainText('Not verified yet');
  // The introduction names the deposit total the server is configured with, as its status answer gives it.
  const { depositThreshold } = (await (await page.request.get('/api/kyc/status')).json()) as KycStatusResponse;
  await expect(page.getByTestId('kyc-intro')).toContainText(
    `before your deposits pass ${formatPeso(depositThreshold)} in total`,
  );

  // The form's own checks first: nothing filled in.
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByText('Enter your full legal name as it appears on your ID.')).toBeVisible();
  await expect(page.getByLabel('Full legal name')).toBeFocused();

  await page.getByLabel('Full legal name').fill(legalName);
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('ID type').selectOption('philsys');
  await page.getByLabel('ID number').fill(`PSN-${Date.now()}`);
  await page
    .getByLabel('Photo of your ID')
    .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', 11) });
  await page
    .getByLabel('Selfie holding your ID')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await photo('png', 3) });
  for (const declaration of [
    'I am not a student.',
    'I am not a government official or employee.',
    'I am not a member of the AFP or the PNP.',
    'I am not a jockey, trainer or employee of a racing club or track.',
  ]) {
    await page.getByLabel(declaration).check();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(status).toContainText('Being checked');
  await expect(page.getByRole('button', { name: 'Submit for verification' })).toHaveCount(0);

  // An admin reviews it in the back office: the queue, the photos, approve.
  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Identity checks');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await page.getByText(legalName, { exact: true }).click();
  await expect(page.getByRole('img', { name: `ID photo of ${legalName}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Selfie of ${legalName}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('kyc-review-status')).toHaveText('Verified');

  // The player's page in the back office shows the status.
  await page.goto(`/backoffice/players/${player.playerId}`);
  await expect(page.getByTestId('player-kyc-status')).toContainText('Verified');

  // The player sees it, and a withdrawal goes through.
  await page.goto('/verify');
  await expect(page.getByTestId('kyc-status')).toContainText('Verified');
  expect(await seriousViolations(page)).toEqual([]);
  await adminPost(
    request,
    `/api/backoffice/players/${player.playerId}/adjustments`,
    { account: 'credit', amount: 100_000, reason: 'Test funds' },
    { 'idempotency-key': randomUUID() },
  );
  const withdrawal = await page.request.post('/api/payment/initiateWithdraw', {
    data: {
      amount: 50_000,
      companyName: 'gcash',
      accountName: legalName,
      accountNumber: '09171234567',
      idempotencyKey: randomUUID(),
    },
  });
  expect(((await withdrawal.json()) as { statusCode: number }).statusCode).toBe(200);
});

test('the Verify identity page names the configured deposit total in Filipino', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
  await page.goto('/verify');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByTestId('kyc-status')).toContainText('Hindi pa verified');
  const { depositThreshold } = (await (await page.request.get('/api/kyc/status')).json()) as KycStatusResponse;
  await expect(page.getByTestId('kyc-intro')).toContainText(
    `bago lumampas sa ${formatPeso(depositThreshold)} ang kabuuan ng deposit mo`,
  );
});

test('a withdrawal refused for want of a verified identity points to the Verify identity page', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    `/api/backoffice/players/${player.playerId}/adjustments`,
    { account: 'credit', amount: 300_000, reason: 'Test funds' },
    { 'idempotency-key': randomUUID() },
  );
  // The e2e server runs without the gates (other specs withdraw with fresh players): the server's refusal,
  // as the API tests check it, is given to this one request.
  await page.route('**/api/payment/initiateWithdraw', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 403, statusMessage: KycMessages.withdrawNeedsVerification }),
    }),
  );
  await page.goto('/payment?type=withdraw');
  await expect(page.getByTestId('withdrawable')).toHaveText('₱3,000.00');
  await page.getByRole('button', { name: '₱500', exact: true }).click();
  await page.getByText('BDO', { exact: true }).click();
  await page.getByTestId('withdraw-account-name').fill('Ana Reyes');
  await page.getByTestId('withdraw-account-number').fill('001234567890');
  await page.getByTestId('withdraw-submit').click();
  const refused = page.getByTestId('payment-failure');
  await expect(refused).toContainText(KycMessages.withdrawNeedsVerification);
  expect(await seriousViolations(page)).toEqual([]);
  await refused.getByRole('link', { name: 'Verify identity' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify');
  await expect(page.getByTestId('kyc-status')).toContainText('Not verified yet');
});
