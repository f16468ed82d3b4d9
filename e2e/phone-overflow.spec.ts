import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  FormRoutes,
  PLAYER_ROUTES,
  type BetReceipt,
  type FormGuideResponse,
  type GameEvent,
} from '@karera/shared';
import { adminPost, openInApp, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * Nothing off the edge of a phone (issue 31): every player route, at 390x844 and at 360x740 (the smallest
 * common Android), in English and in Filipino, signed in with data (bets of several types, Forecast among
 * them, in an open race, so the pools panel's odds and probables tables are full). A page fails when it is
 * wider than the screen, or when a visible control lies outside the screen horizontally where no scrolling
 * box of its own holds it.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
const LANGUAGES = ['en', 'fil'] as const;

/** Every route a signed-in player opens (redirects followed elsewhere), with the tabs its query chooses. */
const PATHS = [
  ...PLAYER_ROUTES.filter((route) => !('redirect' in route)).map((route) => route.path),
  '/payment?type=withdraw',
  '/history?type=bet',
  '/history?type=wallet',
  '/promo?type=history',
  '/profile?type=password',
];

/** The player's own screens, which a signed-in player reaches in place. */
const IN_APP_PATHS = new Set<string>(
  PLAYER_ROUTES.filter((route) => route.access === 'player' && !('redirect' in route)).map((route) => route.path),
);

interface Overflow {
  scrollWidth: number;
  offscreen: string[];
}

/**
 * The page's width and the controls outside [0, width]: a control inside a box that scrolls or clips
 * (a chip strip, a table's own scroller) counts by the part its boxes show, so one scrolled out of view
 * there is fine, and one its box shows beyond the screen is not.
 */
async function overflowOf(page: Page, width: number): Promise<Overflow> {
  return page.evaluate((viewport) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="button"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    const offscreen: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text for screen readers
      let left = rect.left;
      let right = rect.right;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible') continue;
        const clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (right - left <= 1) continue; // scrolled out of view inside its own box
      if (left < -1 || right > viewport + 1) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        offscreen.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(left)}..${Math.round(right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, offscreen };
  }, width);
}

async function expectFits(page: Page, width: number, where: string) {
  const found = await overflowOf(page, width);
  expect.soft(found.scrollWidth, `${where}: page width`).toBeLessThanOrEqual(width);
  expect.soft(found.offscreen, `${where}: controls off-screen`).toEqual([]);
}

async function placeBet(page: Page, event: GameEvent, raceId: number, betType: string, selections: number[][]) {
  const answer = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId,
      eventId: event.id,
      betType,
      selections,
      amount: 1000,
      useBonus: false,
      idempotencyKey: `e2e-overflow-${uniqueSuffix()}`,
    },
  });
  const receipt = (await answer.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
}

/** A funded player with Win, Forecast and Trifecta bets in race 1 of a race day of their own. */
async function playerWithBets(page: Page, request: APIRequestContext) {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E phone overflow funding' },
    { 'idempotency-key': `e2e-overflow-fund-${uniqueSuffix()}` },
  );
  const event = await createRaceDay(request, {
    label: 'Overflow',
    raceCount: 2,
    enabledBetTypes: ['TRI', 'DD'],
    card: [
      ['1', 'Bagyo'],
      ['2', 'Alon'],
      ['3', 'Maharlikang Kidlat ng Silangan'],
      ['4', 'Kidlat'],
      ['5', 'Ulan'],
      ['6', 'Araw'],
      ['7', 'Bituin'],
      ['8', 'Buwan'],
      ['9', 'Dagat'],
      ['10', 'Bundok'],
      ['11', 'Ilog'],
      ['12', 'Gubat'],
    ],
  });
  const [first] = event.races;
  if (!first) throw new Error('no race');
  for (const [a, b] of [
    [1, 2],
    [2, 1],
    [3, 12],
    [12, 11],
    [10, 3],
  ] as const) {
    await placeBet(page, event, first.raceId, 'FC', [[a], [b]]);
  }
  await placeBet(page, event, first.raceId, 'W', [[3]]);
  await placeBet(page, event, first.raceId, 'W', [[11]]);
  await placeBet(page, event, first.raceId, 'TRI', [[1], [2], [3]]);
  return event;
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    test(`every player route fits ${size.width}x${size.height} in ${language === 'en' ? 'English' : 'Filipino'}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(size);
      await page.addInitScript((chosen) => {
        window.localStorage.setItem('language', chosen);
        window.localStorage.setItem('announcementDate', '2025-03-28');
      }, language);
      const event = await playerWithBets(page, request);

      // A player's screen is opened in the loaded app, as its links do; the public pages (some send a player
      // elsewhere) and the tabs a query chooses load anew (see openInApp).
      for (const path of PATHS) {
        if (IN_APP_PATHS.has(path) && page.url().startsWith('http')) await openInApp(page, path);
        else await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
        await expectFits(page, size.width, path);
      }

      // The live screen with the player's race day, the full slip and the pools panel's tables open.
      await page.goto(`/live?event=${event.id}`);
      await expect(page.getByTestId('event-name')).toHaveText(event.name);
      const panel = page.getByTestId('pools-panel');
      await panel.locator('summary').click();
      await expect(panel.locator('[data-pair="1-2"]')).not.toHaveText('–');
      await expectFits(page, size.width, '/live with the pools panel open');
      await expect(page.getByTestId('slip-submit')).toBeInViewport();
      await expect(page.getByTestId('slip-amount')).toBeInViewport();
      await expect(page.getByTestId('slip-total')).toBeInViewport();
      await page.getByTestId('slip-toggle').click();
      await expectFits(page, size.width, '/live with the slip open');

      // The form guide: a runner's form sheet and the comparison, then the horse and jockey pages it links to.
      await page.getByTestId('slip-toggle').click();
      await page.getByTestId('runner-form-open').nth(2).click();
      const sheet = page.getByTestId('form-sheet');
      await expect(sheet.locator('[data-figure="career"]')).toBeVisible();
      await expectFits(page, size.width, '/live with a form sheet open');
      await sheet.locator('.form-sheet__links button').click();
      await expect(sheet.getByTestId('form-compare')).toBeVisible();
      await expectFits(page, size.width, '/live comparing two runners');
      const [first] = event.races;
      const guide = (await (
        await page.request.get(FormRoutes.raceFormGuide(first?.raceId ?? 0))
      ).json()) as FormGuideResponse;
      const runner = guide.runners[2];
      for (const path of [`/horse/${runner?.horseId ?? 0}`, `/jockey/${runner?.jockeyId ?? 0}`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
        await expectFits(page, size.width, path);
      }
    });
  }
}
