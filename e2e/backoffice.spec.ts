import { expect, test, type Page } from './test.ts';
import { BackofficeMessages, StaffRequestRoutes, type StaffRequestListResponse } from '@karera/shared';
import { E2E_DEMO_PLAYER } from './env.ts';
import { backofficeLogin, secondAdminApi, uniqueMobile, uniqueSuffix } from './support.ts';
import { goToBackofficeSection, openBackofficeNav } from './backofficeNav.ts';

/** Finds the demo player by mobile number and opens the detail page. */
async function openDemoPlayer(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search players' }).fill(E2E_DEMO_PLAYER.mobile);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: E2E_DEMO_PLAYER.mobile }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Player #\d+/ })).toBeVisible();
}

test('a wrong back-office password is refused with a clear message', async ({ page }) => {
  await page.goto('/backoffice');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(BackofficeMessages.invalidLogin)).toBeVisible();
});

test('an admin adjusts a player balance with a reason; the ledger shows SYSTEM-ADJ and the audit log records it', async ({
  page,
}) => {
  const reason = `Goodwill credit ${uniqueSuffix()}`;
  await backofficeLogin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  await openDemoPlayer(page);

  await page.getByLabel('Account').selectOption('credit');
  await page.getByLabel('Amount (₱)').fill('100.50');
  await page.getByLabel('Reason', { exact: true }).fill(reason);
  await page.getByRole('button', { name: 'Review adjustment' }).click();
  await expect(page.getByText('₱100.50').first()).toBeVisible();
  await page.getByRole('button', { name: 'Confirm adjustment' }).click();

  const entry = page
    .getByRole('row')
    .filter({ hasText: reason })
    .or(page.getByRole('listitem').filter({ hasText: reason }));
  await expect(entry.first()).toContainText('SYSTEM-ADJ');
  await expect(entry.first()).toContainText('₱100.50');

  await goToBackofficeSection(page, 'Audit log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
});

test('an adjustment with bad input is refused and changes nothing', async ({ page }) => {
  await backofficeLogin(page);
  await openDemoPlayer(page);

  await page.getByLabel('Amount (₱)').fill('12.345');
  await page.getByLabel('Reason', { exact: true }).fill('Typo amount');
  await page.getByRole('button', { name: 'Review adjustment' }).click();
  await expect(page.getByText(BackofficeMessages.adjustmentAmount)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm adjustment' })).toHaveCount(0);
  await expect(page.getByLabel('Amount (₱)')).toHaveValue('12.345');
});

test('an admin creates an agent under a master agent, and the agent can log in', async ({ page }) => {
  const suffix = uniqueSuffix();
  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  const create = async (fields: { username: string; displayName: string; role: string; parent?: string }) => {
    await page.getByLabel('Username').fill(fields.username);
    await page.getByLabel('Display name').fill(fields.displayName);
    await page.getByLabel('Password').fill('staff-password-1');
    await page.getByLabel('Role').selectOption(fields.role);
    if (fields.parent) await page.getByLabel('Master agent', { exact: true }).selectOption({ label: fields.parent });
    await page.getByLabel(/^Mobile number/).fill(uniqueMobile());
    await page.getByRole('button', { name: /create/i }).click();
  };
  // A master agent waits for a second, independent admin (decision 044): the second founding admin approves.
  await create({ username: `ma-${suffix}`, displayName: `Master ${suffix}`, role: 'master_agent' });
  await expect(
    page.getByText(`The request to create ma-${suffix} waits for a second, independent admin`),
  ).toBeVisible();
  const origin = new URL(page.url()).origin;
  const requests = await (await secondAdminApi(origin)).get(`${StaffRequestRoutes.requests}?status=pending`);
  const waiting = ((await requests.json()) as StaffRequestListResponse).requests.find(
    (request) => request.username === `ma-${suffix}`,
  );
  if (!waiting) throw new Error('the master agent request is not waiting');
  const approved = await (await secondAdminApi(origin)).post(StaffRequestRoutes.approve(waiting.id), { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('rowheader', { name: new RegExp(`ma-${suffix}$`) })).toBeVisible();
  await create({
    username: `ag-${suffix}`,
    displayName: `Agent ${suffix}`,
    role: 'agent',
    parent: `Master ${suffix} (ma-${suffix})`,
  });
  await expect(page.getByRole('rowheader', { name: new RegExp(`ag-${suffix}$`) })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await backofficeLogin(page, `ag-${suffix}`, 'staff-password-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  await expect((await openBackofficeNav(page)).getByRole('link', { name: 'Staff' })).toHaveCount(0);
});
