import { expect, test, type Page } from './test.ts';
import { PublicRoutes, UserRoutes } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { signInAsNewPlayer } from './support.ts';

// The site's service worker is what these tests are about; the other specs block it (decision 058).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function controlledByWorker(page: Page) {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(new URL(script).pathname).toBe('/sw.js');
  // The worker takes the open page over once it is active (clients.claim).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The landing page, open and taken over by the site's worker. */
async function landingUnderWorker(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('landing')).toBeVisible();
  await controlledByWorker(page);
}

/** Every address held in the worker's caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
}

test('the site links a valid web app manifest with its install icons', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b3d2e');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href ?? '');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Karera: Online Horse Racing',
    short_name: 'Karera',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b3d2e',
  });
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe(icon.type);
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
  }
});

test('an API call goes to the network without waking the worker; a file of the site goes through it', async ({
  page,
  context,
}) => {
  await landingUnderWorker(page);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  // The worker notes every request its fetch handler is woken for, from here on.
  await worker.evaluate(() => {
    const scope = globalThis as unknown as { woken: string[]; addEventListener: typeof addEventListener };
    scope.woken = [];
    scope.addEventListener('fetch', (event) =>
      scope.woken.push(new URL((event as Event & { request: Request }).request.url).pathname),
    );
  });
  const statuses = await page.evaluate(
    (calls) => Promise.all(calls.map(([url, method]) => fetch(url, { method }).then((answer) => answer.status))),
    [
      [PublicRoutes.siteConfig, 'GET'],
      [UserRoutes.getBalance, 'POST'],
      ['/favicon.svg', 'GET'],
    ] as const,
  );
  expect(statuses[0]).toBe(200);
  const woken = await worker.evaluate(() => (globalThis as unknown as { woken: string[] }).woken);
  // The browser's static router (InstallEvent.addRoutes) sends /api past the worker; other files still reach it.
  expect(woken).toContain('/favicon.svg');
  expect(woken.filter((path) => path.startsWith('/api'))).toEqual([]);
});

test('offline, a reload shows the offline page, and the API is never answered from a cache', async ({
  page,
  context,
}) => {
  await landingUnderWorker(page);
  // Online, the API answers (past the worker, straight from the network).
  expect(await page.evaluate((url) => fetch(url).then((answer) => answer.status), PublicRoutes.siteConfig)).toBe(200);
  // The landing's files came through the worker once it was in control: a reload fills its cache.
  await page.reload();
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect
    .poll(async () => (await cachedUrls(page)).filter((url) => url.startsWith('/assets/')).length)
    .toBeGreaterThan(0);

  await context.setOffline(true);
  const offlineAnswer = await page.evaluate(
    (url) =>
      fetch(url).then(
        (answer) => `answered ${answer.status}`,
        () => 'no answer',
      ),
    PublicRoutes.siteConfig,
  );
  expect(offlineAnswer).toBe('no answer');
  await page.reload();
  const offlinePage = page.getByTestId('offline-page');
  await expect(offlinePage.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(offlinePage).toContainText('Wala kang internet.');
  expect(await seriousViolations(page)).toEqual([]);
  const cached = await cachedUrls(page);
  expect(cached.filter((url) => url.startsWith('/api') || url.startsWith('/ws'))).toEqual([]);
  expect(cached.filter((url) => !url.startsWith('/assets/'))).toEqual(['/offline.html']);

  // Back online, Try again opens the page itself.
  await context.setOffline(false);
  await offlinePage.getByRole('link', { name: /Try again/ }).click();
  await expect(page.getByTestId('landing')).toBeVisible();
});

test('offline, the live screen is never shown from a cache: its reload is the offline page', async ({
  page,
  context,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/live');
  await expect(page.getByTestId('live-page')).toBeVisible();
  await controlledByWorker(page);
  await context.setOffline(true);
  const balance = await page.evaluate(
    (url) =>
      fetch(url, { method: 'POST' }).then(
        (answer) => `answered ${answer.status}`,
        () => 'no answer',
      ),
    UserRoutes.getBalance,
  );
  expect(balance).toBe('no answer');
  await page.reload();
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await context.setOffline(false);
});
