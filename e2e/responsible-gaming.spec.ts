import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { PaymentBackofficeRoutes } from '@karera/shared';
import {
  adminPost,
  backofficeLogin,
  createVerifiedPlayer,
  PLAYER_SESSION_COOKIE,
  storedLoginOf,
  storePlayerLogin,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

/**
 * Responsible gaming at 390 px (issue 22): a player sets a daily deposit limit from the account menu and a
 * deposit over it is refused naming the limit; a 6-month self-exclusion is confirmed in a dialog and offers
 * no way to cancel it; an admin excludes a player from their page and finds them on the exclusion list.
 */

async function signedInPlayer(page: Page, request: APIRequestContext) {
  const player = await createVerifiedPlayer(request);
  const { cookies } = await request.storageState();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE));
  await storePlayerLogin(page, storedLoginOf(player.login));
  return player;
}

async function openResponsibleGaming(page: Page) {
  await page.goto('/account');
  await page.getByRole('link', { name: 'Responsible Gaming' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Gaming' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your limits' })).toBeVisible();
}

test('a daily deposit limit set on the page refuses a deposit above it, naming the limit', async ({
  page,
  request,
}) => {
  await adminPost(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Limits',
    accountNumber: '09171113333',
    active: true,
  });
  await signedInPlayer(page, request);
  await openResponsibleGaming(page);

  const daily = page.getByTestId('rg-limit-depositDay');
  await expect(daily.getByTestId('rg-limit-current')).toHaveText('No limit');
  await daily.getByLabel('New limit for Deposits per day (₱)').fill('500');
  await daily.getByRole('button', { name: 'Save the limit for Deposits per day' }).click();
  await expect(daily.getByTestId('rg-limit-current')).toHaveText('Current limit: ₱500.00');
  await expect(daily.getByText('Your limit is set.')).toBeVisible();

  // Raising waits 24 hours: the page shows the pending value and keeps the current one.
  await daily.getByLabel('New limit for Deposits per day (₱)').fill('2000');
  await daily.getByRole('button', { name: 'Save the limit for Deposits per day' }).click();
  await expect(daily.getByTestId('rg-limit-pending')).toContainText('Changes to ₱2,000.00 on');
  await expect(daily.getByTestId('rg-limit-current')).toHaveText('Current limit: ₱500.00');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/payment');
  await page.getByText('GCash', { exact: true }).click();
  await page.getByTestId('deposit-amount').fill('600');
  await page.getByTestId('deposit-sender').fill('09175550000');
  await page.getByTestId('deposit-reference').fill(`7012${String(Date.now()).slice(-9)}`);
  await page.getByTestId('deposit-submit').click();
  await expect(
    page.getByText(/over your daily deposit limit of ₱500\.00: you can deposit ₱500\.00 more/),
  ).toBeVisible();
});

test('a 6-month self-exclusion is confirmed first and offers no cancel', async ({ page, request }) => {
  await signedInPlayer(page, request);
  await openResponsibleGaming(page);

  await page.getByLabel('Length of the break').selectOption('selfExclusion6m');
  await page.getByRole('button', { name: 'Start the break' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start this break?' });
  await expect(dialog).toContainText('Self-exclusion: 6 months (cannot be cancelled). It starts now and ends on');
  await expect(dialog).toContainText('This cannot be cancelled or shortened, by you or by us.');
  const confirm = dialog.getByRole('button', { name: 'Yes, start the break' });
  await expect(confirm).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('I understand what this break means').check();
  await confirm.click();

  const current = page.getByTestId('rg-current-break');
  await expect(current).toContainText('You are self-excluded until');
  await expect(current.getByTestId('rg-not-cancellable')).toHaveText('This break cannot be cancelled.');
  await expect(page.getByRole('button', { name: 'End my self-exclusion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start the break' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // After a reload too: the server says so, not the page's memory.
  await page.reload();
  await expect(page.getByTestId('rg-not-cancellable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'End my self-exclusion' })).toHaveCount(0);
});

test('an admin excludes a player with a reason and finds them on the exclusion list', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await backofficeLogin(page);
  await page.goto(`/backoffice/players/${player.playerId}`);
  const section = page.getByTestId('player-exclusion');
  await expect(section.getByTestId('player-exclusion-state')).toHaveText('No exclusion in force.');
  await section.getByLabel('Reason').fill('Asked by the family');
  await section.getByRole('button', { name: 'Exclude this player' }).click();
  await expect(section.getByText('The player is excluded.')).toBeVisible();
  await expect(section.getByTestId('player-exclusion-state')).toContainText('In force: Operator, Until lifted');
  await expect(section.getByRole('button', { name: "Lift the operator's exclusion" })).toBeVisible();

  await goToBackofficeSection(page, 'Exclusions');
  const row = page.getByRole('row').filter({ hasText: player.mobileNo });
  await expect(row).toContainText('Asked by the family');
  await expect(row).toContainText('In force');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the reality check shows on the live screen after the chosen minutes, with Continue or Sign out', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request);
  await page.clock.install();
  await openResponsibleGaming(page);
  await page.getByLabel('Every (minutes)').selectOption('15');
  await page.getByRole('button', { name: 'Save', exact: true }).last().click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // The check's own chunk is on the screen once it has asked the server for its figures: the answer to the live
  // page's own call, not a late one of the page before it (whose check would be gone with it).
  const figures = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/responsible-gaming/sinceSignIn') && new URL(page.url()).pathname === '/live',
  );
  await page.goto('/live');
  await figures;
  await page.clock.runFor('16:00');
  const check = page.getByRole('dialog', { name: 'Reality check' });
  await expect(check).toContainText('You have been signed in for');
  await expect(check).toContainText('Net result of your bets since you signed in: ₱0.00');
  expect(await seriousViolations(page)).toEqual([]);
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toBeHidden();
  await page.clock.runFor('16:00');
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
});
