import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env.ts';

/**
 * Puts a stored player login in the browser, as the login call will once accounts exist.
 * Only the web app's guards read it; no API call trusts it.
 */
export async function storePlayerLogin(page: Page, fields: Record<string, string> = {}): Promise<void> {
  const values = {
    sessionId: 'stored-session',
    playerId: '1',
    mobileNo: '09170000001',
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    creditBalance: '500000',
    bonusBalance: '20000',
    agentId: '3',
    ...fields,
  };
  await page.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, values);
}

export async function backofficeLogin(
  page: Page,
  username: string = E2E_ADMIN.username,
  password: string = E2E_ADMIN.password,
) {
  await page.goto('/backoffice');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A suffix that makes this test's records its own. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
