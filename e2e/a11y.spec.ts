import { expect, test } from './test.ts';
import { backofficeLogin, signInAsNewPlayer } from './support.ts';
import { seriousViolations } from './axe.ts';

for (const path of ['/', '/aboutus', '/Contacts', '/termsandconditions', '/privacypolicy', '/masteragentregister']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the login and register modals have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login.getByLabel('Mobile number')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await login.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('dialog', { name: 'Register' }).getByLabel('Mobile number')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test('player screens, the account menu and the profile have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-player-id')).toBeVisible();
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
