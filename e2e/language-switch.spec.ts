import { expect, test, type Page } from './test.ts';
import { openInApp, signInAsNewPlayer } from './support.ts';

/**
 * A language switch re-renders the screen in place: it must never log an error to the console (React's
 * recoverable errors, a suspended render without a boundary, a hydration mismatch), on the public pages
 * and on the player's, at a phone's width and a desktop's.
 */

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function switchPublicMenu(page: Page, language: 'English' | 'Filipino', lang: 'en' | 'fil') {
  // A phone opens the menu first; a desktop shows the switch in the header.
  // Which one shows depends on the width: wait until the header shows one of them before choosing.
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  const languages = page.getByTestId('public-header').getByRole('group', { name: 'Language / Wika' });
  await expect(menuButton.or(languages).first()).toBeVisible();
  const onPhone = await menuButton.isVisible();
  if (onPhone) await menuButton.click();
  await languages.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (onPhone) await page.keyboard.press('Escape');
}

async function switchAccountMenu(page: Page, language: 'English' | 'Filipino', lang: 'en' | 'fil') {
  await page.getByRole('button', { name: /^(Account menu|Menu ng account)$/ }).click();
  const menu = page.getByTestId('account-menu');
  await menu.getByRole('group', { name: 'Language / Wika' }).getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('switching the language on the public pages logs no console error', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      for (const path of [
        '/',
        '/aboutus',
        '/termsandconditions',
        '/privacypolicy',
        '/Contacts',
        '/masteragentregister',
      ]) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await switchPublicMenu(page, 'Filipino', 'fil');
        await switchPublicMenu(page, 'English', 'en');
      }
      expect(errors).toEqual([]);
    });

    test('switching the language on the player pages logs no console error', async ({ page, request }) => {
      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await signInAsNewPlayer(page, request);
      const errors = collectConsoleErrors(page);
      for (const path of [
        '/live',
        '/promo',
        '/betrules',
        '/history',
        '/history?type=wallet',
        '/result',
        '/payment',
        '/profile',
        '/responsiblegaming',
        '/verify',
        '/statement',
        '/tutorial',
        '/tutorial-bet',
      ]) {
        // The first screen loads the app; the others open in it as its links do (a full load of each only
        // re-reads the bundle), but a tab a query chooses loads anew (see openInApp).
        if (page.url().startsWith('http') && !path.includes('?')) await openInApp(page, path);
        else await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await switchAccountMenu(page, 'Filipino', 'fil');
        await switchAccountMenu(page, 'English', 'en');
      }
      // The account page's own switch.
      await page.goto('/account');
      const own = page.getByRole('main').getByRole('group', { name: 'Language / Wika' });
      await own.getByRole('button', { name: 'Filipino' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await own.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(errors).toEqual([]);
    });
  });
}
