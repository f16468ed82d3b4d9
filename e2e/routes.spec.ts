import { expect, test } from './test.ts';
import { PLAYER_ROUTES } from '@karera/shared';
import { playerTest, signInAsNewPlayer, storePlayerLogin } from './support.ts';

const playerRoutes = PLAYER_ROUTES.filter((route) => route.access === 'player');
const publicRoutes = PLAYER_ROUTES.filter((route) => route.access === 'public');

/*
 * The routes are walked in one page per group, each route a step of its own: a new browser context for each
 * route cost more than the route's own load. A failed route does not stop the walk (soft checks), so one run
 * names every route that fails.
 */
test.describe('logged-out visitors', () => {
  test('every player route sends a visitor to the landing page', async ({ page }) => {
    for (const route of playerRoutes) {
      await test.step(route.path, async () => {
        await page.goto(route.path);
        await expect.soft(page).toHaveURL((url) => url.pathname === '/');
        await expect
          .soft(
            page
              .getByRole('link', { name: 'LOGIN', exact: true })
              .or(page.getByRole('button', { name: 'LOGIN', exact: true })),
          )
          .toBeVisible();
      });
    }
  });

  test('a redirect keeps the referral code and opens registration with it', async ({ page }) => {
    await page.goto('/history?type=wallet&r=AGENT7');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('r') === 'AGENT7');
    await expect(page.getByRole('dialog', { name: 'Register' }).getByLabel('Referral code')).toHaveValue('AGENT7');
  });

  test('every public route is open to visitors', async ({ page }) => {
    for (const route of publicRoutes) {
      await test.step(route.path, async () => {
        await page.goto(route.path);
        await expect.soft(page).toHaveURL((url) => url.pathname === route.path);
        await expect.soft(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    }
  });

  test('an unknown path shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });
});

playerTest.describe('logged-in players', () => {
  // A redirect (/bethistory) opens another route: e2e/spec-pieces.spec.ts follows it.
  playerTest('every player route opens with its title', async ({ page }) => {
    for (const route of playerRoutes.filter((entry) => !('redirect' in entry))) {
      await playerTest.step(route.path, async () => {
        await page.goto(route.path);
        await expect.soft(page).toHaveURL((url) => url.pathname === route.path);
        await expect.soft(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
      });
    }
  });

  playerTest('query parameters choose the tab', async ({ page }) => {
    await page.goto('/payment?type=withdraw');
    await expect(page.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/payment?type=anything');
    await expect(page.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/history?type=wallet');
    await expect(page.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/history?type=bet');
    await expect(page.getByRole('tab', { name: 'Race Bet' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/promo?type=history');
    await expect(page.getByRole('tab', { name: 'Promo History' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/profile?type=password');
    await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
  });

  playerTest('the landing page offers PLAY NOW and the header Race', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'PLAY NOW' }).first()).toHaveAttribute('href', '/live');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Race' })).toBeVisible();
  });
});

test('the public header Logout ends the session and forgets the login', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('sessionId'))).toBeNull();
  // The server ended the session too: the same cookie (still in the API client) no longer works.
  const balance = await request.post('/api/user/getBalance', { data: {} });
  expect(((await balance.json()) as { statusCode: number }).statusCode).toBe(107);
});

test('a stored login without a live session is logged out by the first player call', async ({ page }) => {
  await storePlayerLogin(page);
  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('playerId'))).toBeNull();
});
