import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BakasOperations,
  formatPeso,
  RacingAdminRoutes,
  ToteAdminRoutes,
  UserRoutes,
  type BakasGroupResponse,
  type Race,
} from '@karera/shared';
import {
  adminPost,
  backofficeAsFirstAdmin,
  createVerifiedPlayer,
  PLAYER_SESSION_COOKIE,
  signInAsNewPlayer,
  storedLoginOf,
  storePlayerLogin,
  submitLoginDialog,
  uniqueSuffix,
} from './support.ts';
import { createRaceDay } from './raceDay.ts';
import { seriousViolations } from './axe.ts';
import { E2E_BASE_URL } from './env.ts';

/**
 * Group tickets (bakas, decision 056) on a phone (390x844) and a desktop (1280x800), in English and Filipino:
 * an organiser builds a Win on the bet slip of a race day of the test's own and taps Bet with friends; the
 * sheet shows the share price as the server computes it and refuses shares that do not divide the cost;
 * the group is created; a friend in a second browser opens the link, is refused more shares than are left in
 * the server's words, joins the rest (credit only) and the ticket fills and is placed; the organiser's page
 * hears the count over the socket. The race is resulted through the back-office API and both see each
 * member's stake and payout, the server's figures. A second test cancels an open group: both are refunded.
 */

const TEXTS = {
  en: {
    betOn: (runner: string) => `Bet on ${runner}`,
    friends: 'Bet with friends',
    create: 'Create group ticket',
    doesNotDivide: 'The ticket cost must divide exactly into the shares.',
    open: 'Open for shares',
    placed: 'Placed',
    settled: 'Settled',
    cancelled: 'Cancelled',
    left: (left: number, shares: number) => `${left} of ${shares} shares left`,
    onlyLeft: 'Only 2 shares are left.',
    allSold: 'All shares are sold.',
    creditOnly: 'Shares are paid from credit only, never bonus.',
    join: (count: number) => `Join ${count} shares`,
    cancel: 'Cancel group ticket',
    yes: 'Yes',
    organisedBy: (name: string) => `Organised by ${name}`,
    stake: 'Stake ₱10.00',
    openGroup: (title: string) => `Open the group ticket ${title}`,
    walletGroup: 'Group ticket',
  },
  fil: {
    betOn: (runner: string) => `Tumaya kay ${runner}`,
    friends: 'Tumaya kasama ang barkada',
    create: 'Gumawa ng group ticket',
    doesNotDivide: 'Dapat eksaktong mahati sa mga share ang halaga ng ticket.',
    open: 'Bukas pa para sa share',
    placed: 'Naitaya na',
    settled: 'Tapos na',
    cancelled: 'Kinansela',
    left: (left: number, shares: number) => `${left} sa ${shares} share ang natitira`,
    onlyLeft: '2 share na lang ang natitira.',
    allSold: 'Ubos na ang lahat ng share.',
    creditOnly: 'Sa credit lang binabayaran ang share, hindi sa bonus.',
    join: (count: number) => `Sumali sa ${count} share`,
    cancel: 'Kanselahin ang group ticket',
    yes: 'Oo',
    organisedBy: (name: string) => `Inorganisa ni ${name}`,
    stake: 'Taya ₱10.00',
    openGroup: (title: string) => `Buksan ang group ticket na ${title}`,
    walletGroup: 'Group ticket (bakas)',
  },
} as const;
type Language = keyof typeof TEXTS;

async function fund(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E bakas funding' },
    { 'idempotency-key': `e2e-bakas-fund-${uniqueSuffix()}` },
  );
}

async function prepare(page: Page, language: Language) {
  await page.addInitScript((lang) => {
    window.localStorage.setItem('announcementDate', '2025-03-28');
    window.localStorage.setItem('language', lang);
  }, language);
}

/** A second player in a browser of their own (their own cookies), funded, in the test's language. */
async function friendBrowser(
  browser: Browser,
  request: APIRequestContext,
  viewport: { width: number; height: number },
  language: Language,
): Promise<{ context: BrowserContext; page: Page; api: APIRequestContext; firstName: string; playerId: number }> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport,
    isMobile: viewport.width < 1024,
    hasTouch: viewport.width < 1024,
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
  });
  const api = context.request;
  const friend = await createVerifiedPlayer(api);
  const { cookies } = await api.storageState();
  await context.addCookies(cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE));
  const page = await context.newPage();
  await storePlayerLogin(page, storedLoginOf(friend.login));
  await prepare(page, language);
  await fund(request, friend.playerId, 10_000);
  return { context, page, api, firstName: friend.firstName, playerId: friend.playerId };
}

/** The organiser's Win on runners 1 and 2 at ₱10 from the slip, then Bet with friends: the create sheet. */
async function openCreateSheet(page: Page, eventId: number, language: Language) {
  const texts = TEXTS[language];
  await page.goto(`/live?event=${eventId}`);
  await page.getByRole('button', { name: texts.betOn('1 Bagyo'), exact: true }).click();
  await page.getByRole('button', { name: texts.betOn('2 Alon'), exact: true }).click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-amount').fill('10');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱20.00');
  const friends = slip.getByTestId('slip-friends');
  // On a phone the button is in the slip's sheet, opened from the bar; from 1024 px the sheet stands open.
  if (!(await friends.isVisible())) await slip.getByTestId('slip-toggle').click();
  await expect(friends).toHaveText(texts.friends);
  await friends.click();
  await expect(page).toHaveURL(/\/bakas\/new$/);
  await expect(page.getByTestId('bakas-create')).toBeVisible();
}

/** Creates the group from the open sheet: 4 shares of ₱5.00, the organiser buying `own`; answers its code. */
async function createGroup(
  page: Page,
  language: Language,
  title: string,
  own: number,
  shortfall: 'smaller' | 'cancel' = 'cancel',
): Promise<string> {
  const texts = TEXTS[language];
  const sheet = page.getByTestId('bakas-create');
  await expect(sheet.getByTestId('bakas-cost')).toHaveText('₱20.00');
  await expect(sheet.getByTestId('bakas-picks')).toHaveText('1, 2');
  // ₱20.00 does not divide into 3 shares: the shared refusal, before any call.
  await sheet.getByTestId('bakas-shares').fill('3');
  await expect(sheet.getByTestId('bakas-share-price')).toHaveText(texts.doesNotDivide);
  await sheet.getByTestId('bakas-shares').fill('4');
  await expect(sheet.getByTestId('bakas-share-price')).toContainText('₱5.00');
  await sheet.getByTestId('bakas-title').fill(title);
  await sheet.getByTestId('bakas-own-shares').fill(String(own));
  await sheet.getByTestId(`bakas-shortfall-${shortfall}`).check();
  expect(await seriousViolations(page)).toEqual([]);
  await sheet.getByRole('button', { name: texts.create }).click();
  await expect(page).toHaveURL(/\/bakas\/[A-Za-z0-9]{8,40}$/);
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('bakas-status')).toHaveText(texts.open);
  await expect(page.getByTestId('bakas-shares-left')).toHaveText(texts.left(4 - own, 4));
  return code;
}

async function result(request: APIRequestContext, race: Race) {
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-bakas-result-${race.raceId}`,
  });
}

/** The group as the server gives it to a player: the figures the page must show. */
async function groupOf(api: APIRequestContext, code: string) {
  const response = await api.post(BakasOperations.get.path, { data: { code } });
  const body = (await response.json()) as BakasGroupResponse;
  expect(body.statusCode, JSON.stringify(body)).toBe(200);
  return body.group;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const language of ['en', 'fil'] as const) {
    test.describe(`at ${viewport.width}x${viewport.height} in ${language}`, () => {
      test.use({ viewport });

      test('an organiser creates from the bet slip, a friend joins from the link, the ticket fills, is placed and both see the result', async ({
        page,
        request,
        browser,
      }) => {
        const texts = TEXTS[language];
        const organiser = await signInAsNewPlayer(page, request);
        await fund(request, organiser.playerId, 10_000);
        await prepare(page, language);
        const event = await createRaceDay(request, { label: 'Bakas', raceCount: 1, enabledBetTypes: [] });
        const race = event.races[0];
        if (!race) throw new Error('no race');

        await openCreateSheet(page, event.id, language);
        const title = `Barkada ${uniqueSuffix().slice(-5)}`;
        const code = await createGroup(page, language, title, 2);
        const link = await page.getByTestId('bakas-link').getAttribute('href');
        expect(link).toMatch(new RegExp(`/bakas/${code}$`));
        await expect(page.getByTestId('bakas-qr')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);

        const friend = await friendBrowser(browser, request, viewport, language);
        try {
          await friend.page.goto(new URL(link ?? '').pathname);
          await expect(friend.page.getByTestId('bakas-organiser')).toHaveText(texts.organisedBy(organiser.firstName));
          await expect(friend.page.getByTestId('bakas-credit-only')).toHaveText(texts.creditOnly);
          // More shares than are left: the server's refusal, in its words, and nothing bought.
          await friend.page.getByTestId('bakas-join-shares').fill('3');
          await friend.page.getByRole('button', { name: texts.join(3) }).click();
          await expect(friend.page.getByTestId('bakas-refusal')).toHaveText(texts.onlyLeft);
          await expect(friend.page.getByTestId('bakas-credit')).toHaveText('₱100.00');
          await friend.page.getByTestId('bakas-join-shares').fill('2');
          await friend.page.getByRole('button', { name: texts.join(2) }).click();
          // The last shares sold: the ticket is placed at once; the credit is the server's answer.
          await expect(friend.page.getByTestId('bakas-notice')).toContainText('₱90.00');
          await expect(friend.page.getByTestId('bakas-status')).toHaveText(texts.placed);
          await expect(friend.page.getByTestId('bakas-ticket-no')).not.toBeEmpty();
          await expect(friend.page.getByTestId('bakas-shares-left')).toHaveText(texts.allSold);
          await expect(friend.page.getByTestId('bakas-member')).toHaveCount(2);
          expect(await seriousViolations(friend.page)).toEqual([]);

          // The organiser's open page heard the count over the socket.
          await expect(page.getByTestId('bakas-shares-left')).toHaveText(texts.allSold);
          await expect(page.getByTestId('bakas-status')).toHaveText(texts.placed);
          await expect(page.getByTestId('bakas-member').filter({ hasText: friend.firstName })).toBeVisible();

          await result(request, race);
          for (const [viewer, api] of [
            [page, request],
            [friend.page, friend.api],
          ] as const) {
            await expect(viewer.getByTestId('bakas-status')).toHaveText(texts.settled);
            const group = await groupOf(api, code);
            expect(group.status).toBe('settled');
            await expect(viewer.getByTestId('bakas-your-stake')).toHaveText(formatPeso(group.yourStake));
            await expect(viewer.getByTestId('bakas-your-payout')).toHaveText(formatPeso(group.yourPayout ?? -1));
            await expect(viewer.getByTestId('bakas-member-money').first()).toContainText(texts.stake);
            // The payout reached the credit: the header shows the server's balance, read again on settling.
            const balance = (await (await api.post(UserRoutes.getBalance, { data: {} })).json()) as {
              creditBalance: number;
            };
            await expect(viewer.getByTestId('player-balance')).toContainText(formatPeso(balance.creditBalance));
          }
          expect(await seriousViolations(page)).toEqual([]);

          // The friend's histories: the group's ticket marked with its title, their stake and payout; the wallet's
          // group ticket rows (the shares bought, their part of the payout).
          const mine = await groupOf(friend.api, code);
          await friend.page.goto('/history?type=bet');
          const share = friend.page.getByTestId('group-share');
          await expect(share).toHaveCount(1);
          await expect(share.getByRole('link', { name: texts.openGroup(title) })).toHaveAttribute(
            'href',
            `/bakas/${code}`,
          );
          await expect(share.getByTestId('group-share-stake')).toHaveText(formatPeso(mine.yourStake));
          await expect(share.getByTestId('group-share-payout')).toHaveText(formatPeso(mine.yourPayout ?? -1));
          expect(await seriousViolations(friend.page)).toEqual([]);
          await friend.page.goto('/history?type=wallet');
          const rows = friend.page.getByTestId('wallet-row').filter({ hasText: texts.walletGroup });
          await expect(rows.filter({ hasText: '-₱10.00' })).toHaveCount(1);
          await expect(rows.filter({ hasText: formatPeso(mine.yourPayout ?? -1) })).toHaveCount(1);

          // The back office: the group ticket on the race's page and on each member's page, with every member.
          const office = await browser.newContext({ baseURL: E2E_BASE_URL, viewport });
          try {
            const bo = await office.newPage();
            await backofficeAsFirstAdmin(bo, `/backoffice/race-day/${event.id}/races/${race.raceId}`);
            const group = bo.getByTestId('bo-bakas-group').filter({ hasText: title });
            await expect(group.getByRole('row').filter({ hasText: organiser.firstName })).toHaveCount(1);
            await expect(group.getByRole('row').filter({ hasText: friend.firstName })).toHaveCount(1);
            await expect(group).toContainText(formatPeso(mine.yourPayout ?? -1));
            expect(await seriousViolations(bo)).toEqual([]);
            await bo.goto(`/backoffice/players/${friend.playerId}`);
            await expect(
              bo
                .getByTestId('bo-bakas-group')
                .filter({ hasText: title })
                .getByRole('row')
                .filter({ hasText: organiser.firstName }),
            ).toHaveCount(1);
          } finally {
            await office.close();
          }
        } finally {
          await friend.context.close();
        }
      });
    });
  }
}

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the organiser cancels an open group ticket: both members are refunded and see it cancelled', async ({
    page,
    request,
    browser,
  }) => {
    const texts = TEXTS.en;
    const organiser = await signInAsNewPlayer(page, request);
    await fund(request, organiser.playerId, 10_000);
    await prepare(page, 'en');
    const event = await createRaceDay(request, { label: 'Bakas cancel', raceCount: 1, enabledBetTypes: [] });
    await openCreateSheet(page, event.id, 'en');
    const title = `Cancel ${uniqueSuffix().slice(-5)}`;
    const code = await createGroup(page, 'en', title, 1);
    await expect(page.getByTestId('bakas-notice')).toContainText('₱95.00');

    const friend = await friendBrowser(browser, request, { width: 390, height: 844 }, 'en');
    try {
      await friend.page.goto(`/bakas/${code}`);
      await friend.page.getByRole('button', { name: 'Join 1 share' }).click();
      await expect(friend.page.getByTestId('bakas-notice')).toContainText('₱95.00');
      // Only the organiser sees Cancel.
      await expect(friend.page.getByRole('button', { name: texts.cancel })).toHaveCount(0);
      await expect(page.getByTestId('bakas-shares-left')).toHaveText(texts.left(2, 4));

      await page.getByRole('button', { name: texts.cancel }).click();
      await page.getByTestId('bakas-confirm').getByRole('button', { name: texts.yes }).click();
      await expect(page.getByTestId('bakas-status')).toHaveText(texts.cancelled);
      await expect(page.getByTestId('bakas-notice')).toContainText('₱100.00');
      await expect(friend.page.getByTestId('bakas-status')).toHaveText(texts.cancelled);
      await friend.page.reload();
      await expect(friend.page.getByTestId('bakas-status')).toHaveText(texts.cancelled);
      const balance = await friend.api.post(UserRoutes.getBalance, { data: {} });
      expect(((await balance.json()) as { creditBalance: number }).creditBalance).toBe(10_000);
      // The friend's wallet names the group by its title, each movement linking back to it.
      await friend.page.goto('/history?type=wallet');
      const links = friend.page.getByTestId('wallet-group-link');
      await expect(links).toHaveText([`Refund from ${title}`, `Shares of ${title}`]);
      await links.first().click();
      await expect(friend.page).toHaveURL((url) => url.pathname === `/bakas/${code}`);
    } finally {
      await friend.context.close();
    }
  });
});

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the organiser places a group ticket before it fills: smaller by the cut rule, shown as placed to both', async ({
    page,
    request,
    browser,
  }) => {
    const organiser = await signInAsNewPlayer(page, request);
    await fund(request, organiser.playerId, 10_000);
    await prepare(page, 'en');
    const event = await createRaceDay(request, { label: 'Bakas place', raceCount: 1, enabledBetTypes: [] });
    await openCreateSheet(page, event.id, 'en');
    const sheet = page.getByTestId('bakas-create');
    await expect(sheet.getByText('Place it smaller')).toBeVisible();
    // The cut rule in one plain sentence beside the choice (decision 056).
    await expect(
      sheet.getByText(
        /^The last runner you listed in the place or leg with the most runners \(the later one on a tie\)/,
      ),
    ).toBeVisible();
    const code = await createGroup(page, 'en', `Smaller ${uniqueSuffix().slice(-5)}`, 1, 'smaller');

    const friend = await friendBrowser(browser, request, { width: 1280, height: 800 }, 'en');
    try {
      await friend.page.goto(`/bakas/${code}`);
      await friend.page.getByRole('button', { name: 'Join 1 share' }).click();
      await expect(friend.page.getByTestId('bakas-notice')).toContainText('₱95.00');
      await expect(page.getByTestId('bakas-shares-left')).toHaveText(TEXTS.en.left(2, 4));
      // Only the organiser may place; the friend has no such button.
      await expect(friend.page.getByTestId('bakas-place')).toHaveCount(0);

      await page.getByTestId('bakas-place').click();
      const confirm = page.getByTestId('bakas-confirm');
      await expect(confirm).toContainText('Place the ticket now with 2 of 4 shares sold?');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByTestId('bakas-status')).toHaveText('Placed');
      const placed = page.getByTestId('bakas-placed-ticket');
      await expect(placed).toContainText('Not every share was sold: the ticket was placed smaller.');
      // ₱10.00 sold buys one of the two runners: the last-listed runner (2) is dropped; nothing is left over.
      await expect(placed).toContainText('₱10.00');
      await expect(friend.page.getByTestId('bakas-status')).toHaveText('Placed');
      const group = await groupOf(request, code);
      expect(group.ticket?.selections).toEqual([[1]]);
      expect(group.ticket?.cost).toBe(1_000);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await friend.context.close();
    }
  });
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`a guest at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, isMobile: viewport.width < 1024, hasTouch: viewport.width < 1024 });

    test("a visitor opening a group ticket's link logs in and comes back to it, not to /live", async ({
      page,
      request,
      playwright,
    }) => {
      // The organiser's group, made through the API: what is tested here is the visitor's way in.
      const organiserApi = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      try {
        const organiser = await createVerifiedPlayer(organiserApi);
        await fund(request, organiser.playerId, 10_000);
        const event = await createRaceDay(request, { label: 'Bakas guest', raceCount: 1, enabledBetTypes: [] });
        const race = event.races[0];
        if (!race) throw new Error('the race day has no race');
        const title = `Guest ${uniqueSuffix().slice(-5)}`;
        const created = await organiserApi.post(BakasOperations.create.path, {
          data: {
            raceId: race.raceId,
            eventId: event.id,
            betType: 'W',
            selections: [[1, 2]],
            amount: 1000,
            shares: 4,
            organiserShares: 1,
            title,
            feePercent: 0,
            shortfall: 'cancel',
            idempotencyKey: `e2e-bakas-guest-${uniqueSuffix()}`,
          },
        });
        const body = (await created.json()) as BakasGroupResponse;
        expect(body.statusCode, JSON.stringify(body)).toBe(200);
        const { code } = body.group;

        const visitor = await registerVerifiedElsewhere(playwright);
        await page.goto(`/bakas/${code}`);
        // Sent to the landing page with the login open, the link kept.
        await expect(page).toHaveURL(
          (url) => url.pathname === '/' && url.searchParams.get('next') === `/bakas/${code}`,
        );
        await submitLoginDialog(page, visitor);
        await expect(page).toHaveURL((url) => url.pathname === `/bakas/${code}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByTestId('bakas-shares-left')).toHaveText(TEXTS.en.left(3, 4));
        // The group's page fits the narrowest phone: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);

        // A crafted next is ignored: logging in from it goes to /live.
        await page.context().clearCookies();
        await page.evaluate(() => window.localStorage.clear());
        await page.goto(`/?next=${encodeURIComponent('https://evil.example/bakas/AbC123xyZ9')}`);
        await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
        await submitLoginDialog(page, visitor);
        await expect(page).toHaveURL((url) => url.pathname === '/live');
      } finally {
        await organiserApi.dispose();
      }
    });
  });
}

/** A verified player whose session lives in a throwaway request context: the browser itself is logged out. */
async function registerVerifiedElsewhere(playwright: {
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
}) {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    return await createVerifiedPlayer(api);
  } finally {
    await api.dispose();
  }
}
