import { expect, test, type Page } from './test.ts';
import { StaffRequestMessages, StaffSecurityMessages } from '@karera/shared';
import { backofficeLogin, newAdmin, nextTotpCode, rememberTotp, textedEnrolmentLink } from './support.ts';
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
  await page.goto('/backoffice');
  const origin = new URL(page.url()).origin;
  const created = await newAdmin(origin, { enrol: false });
  const admin = { username: created.username, password: 'my-own-admin-password-1' };

  // Someone made this account: the password their creator chose opens nothing (decision 044).
  await enterPassword(page, created);
  await expect(page.getByText(StaffRequestMessages.enrolThroughLink)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office login' })).toBeVisible();

  // The link texted to their own number: their own password, then the authenticator app.
  await page.goto(await textedEnrolmentLink(origin, created.mobileNo));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your back-office sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to add Karera to your authenticator app' })).toBeVisible();
  const secretText = page.getByTestId('enrolment-secret');
  const secret = (await secretText.textContent())?.replaceAll(' ', '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberTotp(origin, admin.username, secret);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('New password', { exact: true }).fill(admin.password);
  await page.getByLabel('New password again').fill(admin.password);
  await page.getByLabel('Code from the app').fill('12345');
  await page.getByRole('button', { name: 'Set up sign-in' }).click();
  await expect(page.getByLabel('Code from the app')).toHaveAccessibleDescription(
    new RegExp(StaffRequestMessages.codeFormat),
  );
  await page.getByLabel('Code from the app').fill(await nextTotpCode(origin, admin.username));
  await page.getByRole('button', { name: 'Set up sign-in' }).click();

  // The recovery codes, shown once, with copy and download.
  await expect(page.getByRole('heading', { level: 1, name: 'Your sign-in is set up' })).toBeFocused();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('karera-recovery-codes.txt');
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll).toBe(true);
  await page.getByRole('link', { name: 'Go to sign-in' }).click();

  // Sign-in: their own password, then a code from the app.
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

test('an admin resets another staff member’s two-factor sign-in; they set it up again through a new texted link', async ({
  page,
  browser,
}) => {
  await page.goto('/backoffice');
  const origin = new URL(page.url()).origin;
  // Another admin who enrolled (through the link texted to them), then lost their phone.
  const other = await newAdmin(origin);
  const otherPage = await browser.newPage();
  await backofficeLogin(otherPage, other.username, other.password);

  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Staff');
  await page.getByRole('button', { name: `Reset two-factor sign-in of ${other.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reset two-factor sign-in of ${other.username}?` });
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText(`Two-factor sign-in of ${other.username} was reset.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reset two-factor sign-in of ${other.username}` })).toHaveCount(0);

  // Their password alone opens nothing: they need a new link, which an admin sends to the number on file.
  await otherPage.goto('/backoffice');
  await enterPassword(otherPage, other);
  await expect(otherPage.getByText(StaffRequestMessages.enrolThroughLink)).toBeVisible();
  await page.getByRole('button', { name: `Send a new sign-in link to ${other.username}` }).click();
  const resend = page.getByRole('dialog', { name: `Send a new sign-in link to ${other.username}?` });
  await expect(resend).toContainText(other.mobileNo);
  await resend.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(new RegExp(`A new sign-in link was texted to ${other.username} \\(`))).toBeVisible();

  await otherPage.goto(await textedEnrolmentLink(origin, other.mobileNo));
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Set up your back-office sign-in' })).toBeVisible();
  const secret = await otherPage.getByTestId('enrolment-secret').getAttribute('data-secret');
  if (!secret) throw new Error('no secret on the enrolment page');
  rememberTotp(origin, other.username, secret);
  await otherPage.getByLabel('New password', { exact: true }).fill(other.password);
  await otherPage.getByLabel('New password again').fill(other.password);
  await otherPage.getByLabel('Code from the app').fill(await nextTotpCode(origin, other.username));
  await otherPage.getByRole('button', { name: 'Set up sign-in' }).click();
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Your sign-in is set up' })).toBeVisible();
  await backofficeLogin(otherPage, other.username, other.password);
  await otherPage.close();
});
