import { expect, test, type Page } from '@playwright/test';
import { StaffSecurityMessages } from '@karera/shared';
import { backofficeLogin, newAdmin, nextTotpCode, rememberTotp } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

async function enterPassword(page: Page, credentials: { username: string; password: string }) {
  await page.goto('/backoffice');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office login' })).toBeVisible();
}

test('an admin enrols an authenticator app, signs in with a code, and with a recovery code once', async ({ page }) => {
  // Five sign-ins, each with a deliberately slow password hash, and three accessibility scans.
  test.setTimeout(90_000);
  await page.goto('/backoffice');
  const origin = new URL(page.url()).origin;
  const admin = await newAdmin(origin);

  // First sign-in: the password, then enrolment before anything else.
  await enterPassword(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeFocused();
  await expect(page.getByRole('img', { name: 'QR code to add Karera to your authenticator app' })).toBeVisible();
  const secretText = page.getByTestId('totp-secret');
  const secret = (await secretText.textContent())?.replaceAll(' ', '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberTotp(origin, admin.username, secret);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Code from the app').fill('12345');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('6 digits, or a recovery code like ABCD-EFGH-JKLM-NPQR')).toBeVisible();
  await page.getByLabel('Code from the app').fill(await nextTotpCode(origin, admin.username));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The recovery codes, shown once, with copy and download.
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('karera-recovery-codes.txt');
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
  const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll).toBe(true);
  await logOut(page);

  // Next sign-in: password, then a code from the app.
  await enterPassword(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Code', { exact: true }).fill(await nextTotpCode(origin, admin.username));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
  await logOut(page);

  // A recovery code in place of a code: once.
  const [recovery] = recoveryCodes;
  if (!recovery) throw new Error('no recovery code');
  await enterPassword(page, admin);
  await page.getByLabel('Code', { exact: true }).fill(recovery.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
  await goToBackofficeSection(page, 'Sign-in security');
  await expect(page.getByText('Unused recovery codes: 9')).toBeVisible();
  await logOut(page);

  await enterPassword(page, admin);
  await page.getByLabel('Code', { exact: true }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(StaffSecurityMessages.invalidCode)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
});

test('an admin resets another staff member’s two-factor sign-in; they set it up again at sign-in', async ({
  page,
  browser,
}) => {
  await page.goto('/backoffice');
  const origin = new URL(page.url()).origin;
  // Another admin who enrolled (on their own page), then lost their phone.
  const other = await newAdmin(origin);
  const otherPage = await browser.newPage();
  await backofficeLogin(otherPage, other.username, other.password);
  await otherPage.close();

  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Staff');
  await page.getByRole('button', { name: `Reset two-factor sign-in of ${other.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reset two-factor sign-in of ${other.username}?` });
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText(`Two-factor sign-in of ${other.username} was reset.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reset two-factor sign-in of ${other.username}` })).toHaveCount(0);

  await logOut(page);
  await enterPassword(page, other);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
});
