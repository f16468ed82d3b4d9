import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import { MasterAgentMessages } from '@karera/shared';
import {
  backofficeAsSecondAdmin,
  backofficeLogin,
  nextTotpCode,
  rememberTotp,
  textedEnrolmentLink,
  uniqueMobile,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection, openBackofficeNav } from './backofficeNav.ts';

/** A small photo with some detail (not flat), as a phone would send: PNG or JPEG. */
async function photo(format: 'png' | 'jpeg', hue: number): Promise<Buffer> {
  const width = 96;
  const height = 72;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + hue * ((i / 288) | 0)) & 0xff;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

interface Applicant {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  mobile: string;
  telegram: string;
}

function newApplicant(): Applicant {
  const tag = uniqueSuffix().slice(-8);
  return {
    email: `ana.${tag}@example.com`,
    firstName: 'Ana',
    lastName: `Reyes${tag}`,
    username: `ana.${tag}`,
    mobile: uniqueMobile(),
    telegram: `@ana_${tag}`,
  };
}

async function fillForm(page: Page, applicant: Applicant) {
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('First name').fill(applicant.firstName);
  await page.getByLabel('Last name').fill(applicant.lastName);
  await page.getByLabel('Username').fill(applicant.username);
  await page.getByLabel('Mobile number').fill(applicant.mobile);
  await page.getByLabel('Telegram account').fill(applicant.telegram);
}

async function choosePhotos(page: Page) {
  await page
    .getByLabel('Selfie photo')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await photo('png', 3) });
  await page
    .getByLabel('Government ID')
    .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', 11) });
}

test('an application with photos, approved by two admins: the new master agent enrols through the texted link and logs in', async ({
  page,
  browser,
}) => {
  const applicant = newApplicant();
  await page.goto('/masteragentregister');
  await expect(page.getByRole('heading', { level: 1, name: 'Master Agent Registration' })).toBeVisible();
  await expect(page.getByTestId('masteragent-contact-email')).toHaveText(/@/);

  await fillForm(page, applicant);
  await choosePhotos(page);
  await expect(page.getByRole('img', { name: 'Preview of your Selfie photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of your Government ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Application received' })).toBeFocused();
  await expect(page.getByTestId('masteragent-success')).toHaveText(MasterAgentMessages.received);

  // The admin reviews it in the back office.
  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Master-agent applications' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: applicant.username });
  await expect(row.getByTestId('application-status')).toHaveText('Pending');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /Application \d+/ })).toBeVisible();
  await expect(page.getByTestId('application-fields')).toContainText(applicant.telegram);
  for (const name of [
    `Selfie of ${applicant.firstName} ${applicant.lastName}`,
    `Government ID of ${applicant.firstName} ${applicant.lastName}`,
  ]) {
    const image = page.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
  }

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByTestId('application-decision-dialog');
  await expect(dialog).toContainText(applicant.mobile);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // One admin's approval is a request: the account is made when another, independent admin approves it.
  await expect(page.getByTestId('decision-result')).toHaveText(
    `Approved once. The master-agent account ${applicant.username} is made when another, independent admin approves it under Staff requests.`,
  );
  await expect(page.getByTestId('application-waiting')).toContainText('waiting for another, independent admin');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByTestId('application-fields').getByTestId('application-status')).toHaveText('Pending');
  expect(await seriousViolations(page)).toEqual([]);

  const second = await browser.newPage();
  await backofficeAsSecondAdmin(second, '/backoffice/staff');
  const waiting = second.getByTestId('staff-request').filter({ hasText: applicant.username });
  await expect(waiting).toContainText(/from master-agent application \d+/);
  await waiting.getByRole('button', { name: /^Approve request \d+$/ }).click();
  await expect(second.getByText(/A one-time sign-in link was texted to the new staff member\./)).toBeVisible();
  await second.close();
  await page.reload();
  await expect(page.getByTestId('application-fields').getByTestId('application-status')).toHaveText('Approved');

  // The applicant sets their own password and authenticator through the link texted to them, then logs in.
  const origin = new URL(page.url()).origin;
  const password = 'applicant-own-password-1';
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.goto(await textedEnrolmentLink(origin, applicant.mobile));
  const secret = await page.getByTestId('enrolment-secret').getAttribute('data-secret');
  if (!secret) throw new Error('no secret on the enrolment page');
  rememberTotp(origin, applicant.username, secret);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByLabel('Code from the app').fill(await nextTotpCode(origin, applicant.username));
  await page.getByRole('button', { name: 'Set up sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your sign-in is set up' })).toBeVisible();
  await backofficeLogin(page, applicant.username, password);
  await expect(page.getByText(`Signed in as ${applicant.firstName} ${applicant.lastName}`)).toBeVisible();
  await expect(page.locator('.bo-role')).toHaveText('Master agent');
  // Applications are for admins only.
  await expect((await openBackofficeNav(page)).getByRole('link', { name: 'Applications' })).toHaveCount(0);
});

test('the form says what is wrong with each field, and puts the focus on the first', async ({ page }) => {
  await page.goto('/masteragentregister');
  await page.getByRole('button', { name: 'Submit' }).click();

  const expected: Array<[string, string]> = [
    ['Email', 'Invalid email address.'],
    ['First name', 'First name is cannot be empty.'],
    ['Last name', 'Last name is cannot be empty.'],
    ['Username', MasterAgentMessages.usernameRequired],
    ['Mobile number', MasterAgentMessages.mobileRequired],
    ['Telegram account', MasterAgentMessages.telegramRequired],
    ['Selfie photo', MasterAgentMessages.selfieRequired],
    ['Government ID', MasterAgentMessages.govIdRequired],
  ];
  for (const [label, message] of expected) {
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(new RegExp(escape(message)));
  }
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Malformed values.
  await page.getByLabel('Email').fill('ana@example');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Username').fill('ana reyes');
  await page.getByLabel('Mobile number').fill('0817 123 4567');
  await page.getByLabel('Telegram account').fill('@a-b');
  await page
    .getByLabel('Selfie photo')
    .setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByLabel('Selfie photo')).toHaveAccessibleDescription(
    new RegExp(escape(MasterAgentMessages.photoType)),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Invalid email address\./);
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
    new RegExp(escape(MasterAgentMessages.usernameFormat)),
  );
  await expect(page.getByLabel('Mobile number')).toHaveAccessibleDescription(/Invalid mobile number\./);
  await expect(page.getByLabel('Telegram account')).toHaveAccessibleDescription(
    new RegExp(escape(MasterAgentMessages.telegramFormat)),
  );
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toBeFocused();

  // A username a staff account already has: the server's answer is shown by its field.
  await fillForm(page, { ...newApplicant(), username: 'admin' });
  await choosePhotos(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
    new RegExp(escape(MasterAgentMessages.usernameTaken)),
  );
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.getByTestId('masteragent-error')).toHaveText('Please check the fields marked below.');
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
