import { expect, test, type Page } from './test.ts';
import { BackofficeRoutes, Messages, PlayerMessages, UserRoutes, type LoginLinkResponse } from '@karera/shared';
import {
  PLAYER_SESSION_COOKIE,
  adminApiLogin,
  createVerifiedPlayer,
  loginThroughPage,
  newPlayer,
  readOtp,
  registerPlayer,
  signInAsNewPlayer,
  typeOtp,
  uniqueMobile,
} from './support.ts';

async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog.getByLabel('Mobile number')).toBeFocused();
  return dialog;
}

async function signOutFromAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByTestId('account-menu').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('a visitor registers, enters the OTP from the SMS and lands on /live; logs out and back in', async ({
  page,
  request,
  context,
}) => {
  const player = newPlayer();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Register' });
  await expect(register.getByLabel('Mobile number')).toBeFocused();

  // One message at a time: the first rule that fails.
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByTestId('form-error')).toHaveText(Messages.fillAllFields);

  await register.getByLabel('Mobile number').fill(player.mobileNo);
  await register.getByLabel('First name').fill(player.firstName);
  await register.getByLabel('Last name').fill(player.lastName);
  await register.getByLabel('Password', { exact: true }).fill(player.password);
  await register.getByLabel('Confirm password').fill(`${player.password}x`);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByTestId('form-error')).toHaveText(Messages.confirmMismatch);
  await register.getByLabel('Confirm password').fill(player.password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByTestId('form-error')).toHaveText(Messages.acceptTerms);
  await expect(register.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/termsandconditions',
  );
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Register' }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await expect(otpDialog.getByLabel('Digit 1', { exact: true })).toBeFocused();
  const { code } = await readOtp(request, player.mobileNo, 'verify');
  await typeOtp(page, code);
  for (const [index, digit] of [...code].entries()) {
    await expect(otpDialog.getByLabel(`Digit ${index + 1}`, { exact: true })).toHaveValue(digit);
  }
  await otpDialog.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-balance')).toHaveText('₱0.00');
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
  // The session is the HttpOnly cookie; the browser storage holds only a marker.
  expect(await page.evaluate(() => window.localStorage.getItem('sessionId'))).toBe('cookie');
  const cookie = (await context.cookies()).find((c) => c.name === PLAYER_SESSION_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain(PLAYER_SESSION_COOKIE);

  // The account dropdown: who is logged in, and no bonus to use yet.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByTestId('account-menu');
  await expect(menu.getByTestId('account-mobile')).toHaveText(player.mobileNo);
  const useBonus = menu.getByRole('switch', { name: /Use bonus/ });
  await useBonus.click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(PlayerMessages.noBonusBalance);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(useBonus).toHaveAttribute('aria-checked', 'false');
  await expect(useBonus).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await signOutFromAccountMenu(page);
  expect(await page.evaluate(() => window.localStorage.getItem('playerId'))).toBeNull();

  await loginThroughPage(page, player);
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
});

test('login refuses a wrong password and says what is missing', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText(Messages.loginRequired);

  await dialog.getByLabel('Mobile number').fill(player.mobileNo);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText(Messages.invalidLogin);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // A number typed without its leading 0 still logs in (docs/product/accounts.md#login).
  await dialog.getByLabel('Mobile number').fill(player.mobileNo.slice(1));
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live');
});

test('an unverified account is asked for its OTP at login, then logged in', async ({ page, request }) => {
  const player = await registerPlayer(request);
  const dialog = await openLogin(page);
  await dialog.getByLabel('Mobile number').fill(player.mobileNo);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await expect(otpDialog.getByTestId('otp-note')).toHaveText(PlayerMessages.unverified);
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(otpDialog.getByTestId('form-error')).toHaveText(Messages.otpRequired);
  const { code } = await readOtp(request, player.mobileNo, 'verify');
  await typeOtp(page, code);
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
});

test('forgot password: OTP, new password, then log in with it', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  const newPassword = 'fresh-pass-2';
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Forgot password?' }).click();

  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(forgot.getByLabel('Mobile number')).toBeFocused();
  await forgot.getByRole('button', { name: 'Send OTP' }).click();
  await expect(forgot.getByTestId('form-error')).toHaveText(Messages.mobileRequired);
  await forgot.getByLabel('Mobile number').fill(player.mobileNo);
  await forgot.getByRole('button', { name: 'Send OTP' }).click();

  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await expect(reset.getByLabel('Digit 1', { exact: true })).toBeFocused();
  const { code } = await readOtp(request, player.mobileNo, 'reset');
  await typeOtp(page, code);
  await reset.getByLabel('New password', { exact: true }).fill('short');
  await reset.getByLabel('Confirm new password').fill('short');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByTestId('form-error')).toHaveText(Messages.passwordLength);
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password').fill(newPassword);
  await reset.getByRole('button', { name: 'Reset password' }).click();

  const done = page.getByRole('dialog', { name: 'Password reset' });
  await expect(done.getByTestId('reset-done')).toHaveText(PlayerMessages.passwordReset);
  await done.getByRole('button', { name: 'Login' }).click();

  const again = page.getByRole('dialog', { name: 'Login' });
  await expect(again.getByLabel('Mobile number')).toHaveValue(player.mobileNo);
  await again.getByLabel('Password', { exact: true }).fill(player.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(again.getByTestId('form-error')).toHaveText(Messages.invalidLogin);
  await again.getByLabel('Password', { exact: true }).fill(newPassword);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live');
});

test('change password, then log out and log in with the new one', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  const newPassword = 'changed-pass-3';
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const form = page.getByTestId('change-password-form');

  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByTestId('form-error')).toHaveText(PlayerMessages.currentPasswordRequired);
  await form.getByLabel('Current password').fill('wrong-current');
  await form.getByLabel('New password').fill(newPassword);
  await form.getByLabel('Confirm password').fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByTestId('form-error')).toHaveText(Messages.confirmMismatch);

  await form.getByLabel('Confirm password').fill(newPassword);
  await form.getByRole('button', { name: 'Update password' }).click();
  const failed = page.getByRole('alertdialog');
  await expect(failed).toContainText(PlayerMessages.currentPasswordWrong);
  await failed.getByRole('button', { name: 'OK' }).click();

  await form.getByLabel('Current password').fill(player.password);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByTestId('password-updated')).toHaveText(PlayerMessages.passwordUpdated);
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await signOutFromAccountMenu(page);
  await loginThroughPage(page, { mobileNo: player.mobileNo, password: newPassword });
});

test('edit profile: names show in the header; a new mobile number needs its OTP', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-player-id')).toHaveText(String(player.playerId));
  await expect(page.getByTestId('profile-mobile')).toHaveText(player.mobileNo);
  await expect(page.getByText('Please contact our admin if you want to change your details')).toBeVisible();

  // The edit form flags each field beside it.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByTestId('profile-form');
  await form.getByRole('textbox', { name: 'First name' }).fill('');
  await form.getByRole('textbox', { name: 'Last name' }).fill(' ');
  await form.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(PlayerMessages.firstNameRequired)).toBeVisible();
  await expect(form.getByText(PlayerMessages.lastNameRequired)).toBeVisible();
  await expect(form.getByText(Messages.invalidEmail)).toBeVisible();

  await form.getByRole('textbox', { name: 'First name' }).fill('Maria');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Santos');
  await form.getByRole('textbox', { name: 'Email' }).fill('maria.santos@example.ph');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('profile-success')).toHaveText(PlayerMessages.profileUpdated);
  await expect(page.getByTestId('player-name')).toHaveText('Maria Santos');
  await expect(page.getByTestId('profile-email')).toHaveText('maria.santos@example.ph');

  // The single-field popup (how phones edit): the mobile number, confirmed by the OTP sent to it.
  await page.getByRole('button', { name: 'Edit Mobile number' }).click();
  const popup = page.getByRole('dialog', { name: 'Edit Mobile number' });
  const field = popup.getByRole('textbox', { name: 'Mobile number' });
  await expect(field).toBeFocused();
  await field.fill('');
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByText(PlayerMessages.fieldRequired)).toBeVisible();
  const newMobile = uniqueMobile();
  await field.fill(newMobile);
  await popup.getByRole('button', { name: 'Save' }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Confirm new mobile number' });
  await expect(otpDialog.getByLabel('Digit 1', { exact: true })).toBeFocused();
  const { code } = await readOtp(request, newMobile, 'mobile');
  await typeOtp(page, code);
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('profile-success')).toHaveText(PlayerMessages.mobileChanged);
  await expect(page.getByTestId('profile-mobile')).toHaveText(newMobile);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('account-mobile')).toHaveText(newMobile);
});

test('an ended session (107) logs the player out with a notice', async ({ page, request, context }) => {
  await signInAsNewPlayer(page, request);
  // A screen with no calls of its own: on /live the socket or the bet slip may find the ended session first.
  await page.goto('/account');
  const refresh = page.getByRole('button', { name: 'Refresh balance' });
  const balanceAnswer = () => page.waitForResponse((response) => response.url().endsWith(UserRoutes.getBalance));
  // The refresh must have been answered (with the session) before the cookie goes: the balance shown
  // before and after is the same ₱0.00, and a refresh still on its way would meet the ended session.
  const first = balanceAnswer();
  await refresh.click();
  expect((await first).status()).toBe(200);
  await expect(page.getByTestId('player-balance')).toHaveText('₱0.00');
  await expect(refresh).not.toHaveAttribute('aria-busy', 'true');

  await context.clearCookies();
  await refresh.click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(Messages.sessionExpired);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => window.localStorage.getItem('sessionId'))).toBeNull();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'PLAY NOW' })).toHaveCount(0);
});

test('the account page lists the account links and marks what is coming', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/account');
  const links = [
    ['Profile', '/profile'],
    ['Wallet History', '/history?type=wallet'],
    ['Bet History', '/history?type=bet'],
    ['Activity Statement', '/statement'],
    ['Deposit', '/payment?type=deposit'],
    ['Withdraw', '/payment?type=withdraw'],
    ['Race', '/live'],
    ['Result', '/result'],
    ['Promo', '/promo'],
    ['Bet Rules', '/betrules'],
    ['Tutorials', '/tutorial'],
    ['About Us', '/aboutus'],
    ['Terms and Conditions', '/termsandconditions'],
    ['Privacy Policy', '/privacypolicy'],
  ] as const;
  const main = page.getByRole('main');
  for (const [name, href] of links) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(main.getByRole('link', { name: /Telegram/ })).toHaveAttribute('target', '_blank');
  await expect(main.getByRole('link', { name: /Facebook/ })).toHaveAttribute('target', '_blank');
  await expect(main.getByText('News')).toBeVisible();
  await expect(main.getByText('Light/Dark Mode')).toBeVisible();
  await expect(main.getByText('Coming Soon')).toHaveCount(2);

  await main.getByRole('link', { name: 'Wallet History' }).click();
  await expect(page.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/account');
  await main.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('the balance panel explains both balances', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/live');
  await page.getByRole('button', { name: /^Balance/ }).click();
  const panel = page.getByTestId('balance-panel');
  await expect(panel).toContainText('Credit balance');
  await expect(panel).toContainText('Bonus balance');
  await panel.getByRole('link', { name: 'How to claim a bonus' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/tutorial-promo');
  await expect(panel).toBeHidden();
});

test('the referral code of the link fills the register modal', async ({ page }) => {
  await page.goto('/?r=AGENT42');
  const register = page.getByRole('dialog', { name: 'Register' });
  await expect(register.getByLabel('Referral code')).toHaveValue('AGENT42');
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();
});

test('a login link logs the player in once; p and s leave the address bar', async ({ page, request, browser }) => {
  const player = await createVerifiedPlayer(request);
  await adminApiLogin(request);
  const response = await request.post(BackofficeRoutes.loginLink(player.playerId), {
    data: { reason: 'E2E login link' },
  });
  const { url } = (await response.json()) as LoginLinkResponse;
  expect(url).toContain(`p=${player.playerId}`);

  await page.goto(url);
  await expect(page).toHaveURL((current) => current.pathname === '/live' && current.search === '');
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
  expect(await page.evaluate(() => window.localStorage.getItem('sessionId'))).toBe('cookie');

  // Single use: the same link in another browser is refused, and still leaves the address bar.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(url);
    await expect(otherPage.getByRole('alertdialog')).toContainText(PlayerMessages.loginLinkInvalid);
    await expect(otherPage).toHaveURL((current) => current.pathname === '/' && current.search === '');
    await otherPage.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(otherPage.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});
