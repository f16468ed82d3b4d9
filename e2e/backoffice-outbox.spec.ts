import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { UserRoutes, type RegisterResponse } from '@karera/shared';
import { backofficeLogin, uniqueSuffix } from './support.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

interface NewPlayer {
  playerId: number;
  mobile: string;
  firstName: string;
}

/** Registers a fresh player through the API; the server sends (stores) its OTP. */
async function registerPlayer(request: APIRequestContext): Promise<NewPlayer> {
  const mobile = `0918${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const firstName = `Lia${uniqueSuffix().slice(-6)}`;
  const response = await request.post(UserRoutes.register, {
    data: {
      mobileNo: mobile,
      firstName,
      lastName: 'Outbox',
      password: 'player-pass-1',
      confirmPassword: 'player-pass-1',
      acceptTerms: true,
    },
  });
  const body = (await response.json()) as RegisterResponse;
  expect(body.statusCode, JSON.stringify(body)).toBe(200);
  return { playerId: body.playerId, mobile, firstName };
}

/** Opens the OTP outbox, searches the number and reads the 6-digit code from the newest message. */
async function readOtpInOutbox(page: Page, mobile: string): Promise<string> {
  await goToBackofficeSection(page, 'OTP outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'OTP outbox' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by mobile number' }).fill(mobile);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${mobile}`));

  const rows = page.getByRole('row').filter({ hasText: mobile });
  await expect(rows.first()).toBeVisible();
  // Only this player's messages are listed.
  await expect(page.getByRole('row').filter({ hasNotText: mobile })).toHaveCount(1); // the header row
  const message = rows
    .first()
    .getByRole('cell')
    .filter({ hasText: /(^|\D)\d{6}(\D|$)/ });
  const code = /(?:^|\D)(\d{6})(?:\D|$)/.exec(await message.innerText())?.[1];
  expect(code, 'a 6-digit OTP in the message').toBeTruthy();
  return code ?? '';
}

test('an admin finds the OTP sent to a newly registered player in the OTP outbox', async ({ page, request }) => {
  const player = await registerPlayer(request);
  await backofficeLogin(page);
  const otp = await readOtpInOutbox(page, player.mobile);
  expect(otp).toMatch(/^\d{6}$/);

  // A number nobody has: the empty state.
  await page.getByRole('searchbox', { name: 'Search by mobile number' }).fill('09000000000');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No messages.')).toBeVisible();
});

test.describe('login link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an admin creates a login link and it logs the player in on the player site', async ({
    page,
    request,
    browser,
  }) => {
    const player = await registerPlayer(request);
    await backofficeLogin(page);
    const otp = await readOtpInOutbox(page, player.mobile);
    const verify = await request.post(UserRoutes.otp, { data: { otp, playerId: player.playerId, type: 'P' } });
    expect(((await verify.json()) as { statusCode: number }).statusCode).toBe(200);

    await page.goto(`/backoffice/players/${player.playerId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Player #${player.playerId}` })).toBeVisible();
    // A reason is required (decision 020): without one nothing is issued.
    await page.getByRole('button', { name: 'Create login link' }).click();
    await expect(
      page.getByText("Please write why you open this player's account (at most 200 characters)."),
    ).toBeVisible();
    await page.getByLabel('Reason (required)').fill('Player cannot receive the OTP');
    await page.getByRole('button', { name: 'Create login link' }).click();

    const field = page.getByRole('textbox', { name: 'Login link' });
    await expect(field).toHaveValue(new RegExp(`^https?://[^/]+/.*[?&]p=${player.playerId}(&|$)`));
    await expect(page.getByText('Single use. Send it only to this player.')).toBeVisible();
    await expect(page.getByText('Expires (Manila)')).toBeVisible();
    const link = await field.inputValue();

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();

    // The player's own browser: nobody is logged in there.
    const playerContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-PH',
      timezoneId: 'Asia/Manila',
    });
    try {
      const playerPage = await playerContext.newPage();
      await playerPage.goto(link);
      await expect(playerPage).toHaveURL(/\/live$/);
      await expect(playerPage.getByRole('heading', { level: 1, name: 'Race', exact: true })).toBeVisible();
      await expect(playerPage.getByTestId('player-header')).toContainText(player.firstName);
      expect(playerPage.url()).not.toContain('s=');
    } finally {
      await playerContext.close();
    }
  });
});
