import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { backofficeLogin, storePlayerLogin } from './support.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const path of ['/', '/aboutus', '/Contacts', '/termsandconditions', '/privacypolicy', '/masteragentregister']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a player screen has no serious accessibility violations', async ({ page }) => {
  await storePlayerLogin(page);
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the back office login and players page have no serious accessibility violations', async ({ page }) => {
  await page.goto('/backoffice');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await backofficeLogin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
