import { expect, test } from './test.ts';
import { Messages } from '@karera/shared';
import { backofficeLogin, uniqueSuffix } from './support.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

test('a visitor sends a contact message and an admin reads it in the back office', async ({ page }) => {
  const marker = uniqueSuffix();
  await page.goto('/Contacts');
  await page.getByLabel('Name').fill(`Ana ${marker}`);
  await page.getByLabel('Email').fill(`ana.${marker}@example.ph`);
  await page.getByLabel('Reason').selectOption('Support');
  await page.getByLabel('Message').fill(`My deposit ${marker} is still pending.`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(Messages.contactSent)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');

  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Contact messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  await expect(page.getByText(`My deposit ${marker} is still pending.`)).toBeVisible();
  await expect(page.getByText(`Ana ${marker}`)).toBeVisible();
});

test('the contact form shows each field’s problem and keeps what was typed', async ({ page }) => {
  await page.goto('/contacts');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(Messages.contactNameRequired)).toBeVisible();
  await expect(page.getByText(Messages.invalidEmail)).toBeVisible();
  await expect(page.getByText(Messages.contactReasonRequired)).toBeVisible();
  await expect(page.getByText(Messages.contactNotesRequired)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
});
