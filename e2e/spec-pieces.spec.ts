import { expect, test } from './test.ts';
import { PaymentBackofficeRoutes, WITHDRAW_COMPANIES, type DepositAccountView } from '@karera/shared';
import { E2E_BETTING_SITE_URL } from './env.ts';
import { adminPost, backofficeLogin, newPlayer, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';

/** A 32 x 32 striped PNG: an operator's channel image. */
const CHANNEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAAABlBMVEX1sCAbFGQkz6jKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAOElEQVR4nO3SoREAQAgDwbv+m35BFCYFPHGZVTDBhGR3iktxKS7FpbgUl+Luc70+uT1M8o7f9vEAJFwCAclGWiwAAAAASUVORK5CYII=',
  'base64',
);
const IMAGE_URL = /^\/api\/payment\/channel-images\/[0-9a-f]{32}$/;

test('/bethistory opens the Race Bet tab of /history', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/bethistory');
  await expect(page).toHaveURL((url) => url.pathname === '/history' && url.searchParams.get('type') === 'bet');
  await expect(page.getByRole('tab', { name: 'Race Bet' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
});

test('the account menu and /account link to the configured betting site in a new tab', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/live');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menuLink = page.getByTestId('account-menu').getByRole('link', { name: /^Betting site/ });
  await expect(menuLink).toHaveAttribute('href', E2E_BETTING_SITE_URL);
  await expect(menuLink).toHaveAttribute('target', '_blank');
  await expect(menuLink).toHaveAttribute('rel', /noopener/);
  await expect(menuLink).toHaveAccessibleName('Betting site (opens in a new tab)');

  await page.goto('/account');
  const pageLink = page.getByRole('main').getByRole('link', { name: /^Betting site/ });
  await expect(pageLink).toHaveAttribute('href', E2E_BETTING_SITE_URL);
  await expect(pageLink).toHaveAttribute('target', '_blank');
});

test('an image the admin uploads for a deposit account shows on the player’s deposit screen; the rest show badges', async ({
  page,
  request,
}) => {
  // A channel type of its own, so no other test's player sees a different account.
  const { account } = await adminPost<{ account: DepositAccountView }>(
    request,
    PaymentBackofficeRoutes.depositAccounts,
    {
      type: 'GOTYME',
      accountName: `Karera GoTyme ${uniqueSuffix()}`,
      accountNumber: '09190000777',
      active: true,
    },
  );

  const admin = await page.context().newPage();
  await backofficeLogin(admin);
  await admin.goto('/backoffice/deposit-accounts');
  const field = admin.getByTestId(`deposit-account-image-${account.id}`);
  await expect(field.getByTestId('channel-badge')).toBeVisible();
  await expect(field).toContainText('Built-in badge');
  await field.locator('input[type="file"]').setInputFiles({
    name: 'gotyme.png',
    mimeType: 'image/png',
    buffer: CHANNEL_PNG,
  });
  await expect(field.getByRole('status')).toHaveText('Image saved.');
  const uploaded = field.getByTestId('channel-image');
  await expect(uploaded).toHaveAttribute('src', IMAGE_URL);
  const imageUrl = (await uploaded.getAttribute('src')) ?? '';
  // The withdraw channels are listed too, each with its built-in badge until one is uploaded.
  await expect(admin.getByTestId('withdraw-channels').getByTestId('channel-badge')).toHaveCount(
    WITHDRAW_COMPANIES.length,
  );
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.close();

  await signInAsNewPlayer(page, request);
  await page.goto('/payment?type=deposit');
  const option = page.getByTestId('deposit-form').locator('label', { hasText: 'GoTyme' });
  const image = option.getByTestId('channel-image');
  await expect(image).toHaveAttribute('src', imageUrl);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
  expect(await seriousViolations(page)).toEqual([]);
  // Accounts without an image keep their badge.
  await expect(
    page.getByTestId('deposit-form').locator('label', { hasText: 'GCash' }).getByTestId('channel-badge'),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Withdraw' }).click();
  const withdraw = page.getByTestId('withdraw-form');
  await expect(withdraw.getByTestId('channel-badge').or(withdraw.getByTestId('channel-image'))).toHaveCount(
    WITHDRAW_COMPANIES.length,
  );
});

test('the OTP form counts down to a new code, then offers Resend', async ({ page }) => {
  await page.clock.install();
  const player = newPlayer();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Mobile number').fill(player.mobileNo);
  await register.getByLabel('First name').fill(player.firstName);
  await register.getByLabel('Last name').fill(player.lastName);
  await register.getByLabel('Password', { exact: true }).fill(player.password);
  await register.getByLabel('Confirm password').fill(player.password);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Register' }).click();

  const otp = page.getByRole('dialog', { name: 'Enter OTP' });
  const countdown = otp.getByTestId('otp-resend-countdown');
  await expect(countdown).toHaveText(/^Resend code in (60|59) s$/);
  await expect(otp.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.clock.fastForward(18_000);
  await expect(countdown).toHaveText(/^Resend code in (4[0-2]|3\d) s$/);

  await page.clock.fastForward(43_000);
  await expect(countdown).toHaveCount(0);
  const resend = otp.getByRole('button', { name: 'Resend OTP' });
  await expect(resend).toBeVisible();

  // The server's own minute has not passed (only the page's clock ran ahead): it refuses with the
  // seconds left, and the countdown starts again from them instead of an error.
  await resend.click();
  await expect(countdown).toHaveText(/^Resend code in \d{1,2} s$/);
  await expect(otp.getByTestId('form-error')).toHaveCount(0);
});
