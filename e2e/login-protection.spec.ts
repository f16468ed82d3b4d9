import { expect, test } from './test.ts';
import { Messages, PlayerMessages, StatusCode, UserRoutes } from '@karera/shared';
import { E2E_BASE_URL } from './env.ts';
import { createVerifiedPlayer, readOtp, typeOtp } from './support.ts';

/*
 * Repeated failed logins no longer lock a number (anyone could lock any player out): the owner gets in
 * with the password and the code the server texts only after the right password (decision 022).
 */
test('a player whose number had repeated failed logins signs in with password and the OTP', async ({
  page,
  request,
  playwright,
}) => {
  const player = await createVerifiedPlayer(request);
  // Someone else guesses the password, six times.
  const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  for (let i = 0; i < 6; i += 1) {
    const guess = await stranger.post(UserRoutes.login, {
      data: { mobileNo: player.mobileNo, password: `guess-${i}` },
    });
    expect(((await guess.json()) as { statusMessage: string }).statusMessage).toBe(Messages.invalidLogin);
  }
  await stranger.dispose();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Mobile number').fill(player.mobileNo);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  const answer = page.waitForResponse((response) => response.url().endsWith(UserRoutes.login));
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  expect(((await (await answer).json()) as { statusCode: number }).statusCode).toBe(StatusCode.LOGIN_OTP_REQUIRED);

  // The code step says why, counts down to a resend, and has the focus in its first box.
  await expect(dialog.getByTestId('otp-note')).toHaveText(PlayerMessages.loginOtpRequired);
  await expect(dialog.getByTestId('otp-resend-countdown')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const { code } = await readOtp(request, player.mobileNo, 'login');

  // A wrong code first (the right one with its last digit changed): the normal message, still on the code
  // step; then the right code typed over it, five boxes already holding the digit typed.
  await typeOtp(page, `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText(PlayerMessages.otpInvalid);

  await typeOtp(page, code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-header')).toBeVisible();
});
