import { expect, test, type Page } from './test.ts';
import { seriousViolations } from './axe.ts';
import { ANDROID_USER_AGENT, E2E_ANDROID_APP_FILE } from './env.ts';

const HERO_TITLE = 'Karera: the number one online horse racing in the Philippines';

test('the landing page shows the hero, four key features, the signup banner and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /number one online horse racing in the Philippines/i,
  );
  await expect(
    page.getByRole('button', { name: 'REGISTER NOW' }).or(page.getByRole('link', { name: 'REGISTER NOW' })),
  ).toBeVisible();
  await expect(
    page
      .locator('main')
      .getByRole('listitem')
      .filter({ has: page.locator('svg') }),
  ).toHaveCount(4);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the header changes style once the page is scrolled beyond 10 px', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  // The landing content is its own lazy chunk (the footer belongs to the shell and shows earlier):
  // scroll only once the content has made the page long enough to scroll.
  await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(400);
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
});

test('the public menu reaches About Us, Terms and Privacy', async ({ page }) => {
  await page.goto('/');
  for (const [name, path] of [
    ['About Us', '/aboutus'],
    ['Terms', '/termsandconditions'],
    ['Privacy', '/privacypolicy'],
  ] as const) {
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: ANDROID_USER_AGENT });

  test('a download strip links to the configured app file', async ({ page, request }) => {
    await page.goto('/');
    const download = page.getByRole('link', { name: /download/i });
    await expect(download).toHaveAttribute('href', `/${E2E_ANDROID_APP_FILE}`);
    const file = await request.get(`/${E2E_ANDROID_APP_FILE}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/vnd.android.package-archive');
  });
});

test('other phones see no download strip', async ({ page }) => {
  await page.goto('/');
  // The page itself, not index.html's static hero (which shows before the script has run).
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.getByRole('link', { name: /download/i })).toHaveCount(0);
});

/** The app's script never arrives: what shows is index.html and its CSS alone. */
async function withoutTheAppScript(page: Page) {
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort());
}

test.describe('before the script has run (index.html alone)', () => {
  test('the landing paints the header logo and the hero, nothing to press yet', async ({ page }) => {
    await withoutTheAppScript(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Karera home' })).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByText('LOGIN', { exact: true })).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('other pages and a deep-link login show no landing hero', async ({ page }) => {
    await withoutTheAppScript(page);
    for (const address of ['/live', '/aboutus', '/?p=1&s=token']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }), address).toHaveCount(0);
    }
  });

  test('a reader who chose Filipino never sees the English hero first', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
    await withoutTheAppScript(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}x${viewport.height} the page's hero takes the static hero's place without moving it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const heroBox = () => page.getByRole('heading', { level: 1, name: HERO_TITLE }).boundingBox();
    await withoutTheAppScript(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    const before = await heroBox();

    await page.unrouteAll();
    await page.goto('/');
    await expect(page.getByTestId('landing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'LOGIN', exact: true })).toBeVisible();
    expect(await heroBox()).toEqual(before);
    // The page's header came with it: one banner, with its menu and buttons.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Register' })).toBeVisible();
  });
}
