import { expect, test, type Locator, type Page } from './test.ts';
import { BET_TYPES, FLAG_BET_TYPES, RacingAdminRoutes, type GameEvent, type Race } from '@karera/shared';
import { adminPost, signInAsNewPlayer } from './support.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * The live screen's first screen: on a phone (390x844, 360x740) the race, its post time and live
 * countdown and the first runners show without scrolling, above the docked slip bar; at last call the
 * countdown blinks (not for players asking for less motion); the clock reads in Filipino; on a desktop
 * (1280x800) every bet type is in view and takes a mouse click, and the stream has a proper size; a
 * mouse wheel scrolls a strip that does scroll. Each test has its own player and race day.
 */

type RaceDay = GameEvent & { races: Race[] };

/** Opens the race day as a player who has already seen the one-time announcement, in `language`. */
async function openRaceDay(page: Page, event: GameEvent, language: 'en' | 'fil' = 'en') {
  await page.addInitScript((lang) => {
    window.localStorage.setItem('announcementDate', '2025-03-28');
    window.localStorage.setItem('language', lang);
  }, language);
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
}

/** The element's box, failing when it has none (not rendered). */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** "12:05" or "1:02:03" in seconds. */
function secondsOf(countdown: string): number {
  const parts = countdown.trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((part) => !Number.isInteger(part)))
    throw new Error(`not a countdown: ${countdown}`);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** The post time as the screen should show it: Manila time of the server's start. */
const manilaTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Manila' }).format(
    new Date(iso),
  );

const setStatus = (request: Parameters<typeof adminPost>[0], race: Race, status: 'L') =>
  adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`on a phone (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('the first screen shows the race, its post time and live countdown and the first runners', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      const day: RaceDay = await createRaceDay(request, { label: 'First screen', raceCount: 3, enabledBetTypes: [] });
      const [race] = day.races as [Race];
      await openRaceDay(page, day);
      // The slip bar docked above the bottom nav has measured itself.
      const bar = page.getByTestId('slip-bar');
      await expect(bar).toBeInViewport();

      const tab = page.getByTestId('race-tab-1');
      const clock = page.getByTestId('race-clock');
      const countdown = clock.getByTestId('race-countdown');
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(clock).toContainText('Race 1');
      await expect(clock.getByTestId('race-post-time')).toHaveText(`Post ${manilaTime(race.startDateTime)}`);
      await expect(clock).toContainText('Starts in');

      // Counted from the server's post time (about an hour away), and counting down.
      const first = (await countdown.textContent()) ?? '';
      const left = (Date.parse(race.startDateTime) - Date.now()) / 1000;
      expect(Math.abs(secondsOf(first) - left)).toBeLessThan(60);
      await expect(countdown).not.toHaveText(first);
      expect(secondsOf((await countdown.textContent()) ?? '')).toBeLessThan(secondsOf(first));

      // All of it on the first screen, without scrolling, clear of the slip bar.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const barTop = (await boxOf(bar)).y;
      const runners = page.getByTestId('runner');
      await expect(runners).toHaveCount(6);
      for (const shown of [tab, clock, countdown, runners.nth(0), runners.nth(1)]) {
        const box = await boxOf(shown);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(barTop);
      }
      // The stream is still there, and the runners' Bet toggles take a tap.
      await expect(page.getByRole('region', { name: 'Live stream' })).toBeInViewport();
      await page.getByRole('button', { name: 'Bet on 2 Alon', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Bet on 2 Alon', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  });
}

test.describe('on a phone (390x844), the last call', () => {
  test('blinks its countdown, and holds it still for a player asking for less motion', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    const day: RaceDay = await createRaceDay(request, { label: 'Last call', raceCount: 1, enabledBetTypes: [] });
    const [race] = day.races as [Race];
    await openRaceDay(page, day);
    const clock = page.getByTestId('race-clock');
    await expect(clock).not.toHaveAttribute('data-last-call');
    await expect(clock.getByTestId('race-countdown')).toHaveCSS('animation-name', 'none');

    await setStatus(request, race, 'L');
    await expect(clock).toHaveAttribute('data-last-call', 'true');
    // The last call notice leads the band (no row of its own), blinking with the countdown.
    const notice = page.getByTestId('race-notice');
    await expect(notice).toHaveText('Last call');
    await expect(clock.getByTestId('race-notice')).toHaveCSS('animation-name', 'live-blink');
    await expect(clock).toContainText('Starts in');
    await expect(clock.getByTestId('race-countdown')).toHaveCSS('animation-name', 'live-blink');
    // Still the first runners on the first screen.
    const second = await boxOf(page.getByTestId('runner').nth(1));
    expect(second.y + second.height).toBeLessThanOrEqual((await boxOf(page.getByTestId('slip-bar'))).y);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(clock.getByTestId('race-countdown')).toHaveCSS('animation-name', 'none');
    await expect(notice).toHaveCSS('animation-name', 'none');
  });
});

test.describe('in Filipino (390x844)', () => {
  test('the race clock reads in Filipino', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    const day: RaceDay = await createRaceDay(request, { label: 'Orasan', raceCount: 1, enabledBetTypes: [] });
    const [race] = day.races as [Race];
    await openRaceDay(page, day, 'fil');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    const clock = page.getByTestId('race-clock');
    await expect(clock).toContainText('Karera 1');
    await expect(clock.getByTestId('race-post-time')).toHaveText(`Simula ${manilaTime(race.startDateTime)}`);
    await expect(clock).toContainText('Magsisimula sa');
    await expect(clock).toHaveAccessibleName('Oras ng simula at countdown ng Karera 1');

    await setStatus(request, race, 'L');
    await expect(clock.getByTestId('race-notice')).toHaveText('Last call');
    await expect(clock).toContainText('Magsisimula sa');
  });
});

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every bet type is in view and takes a mouse click; the stream has a proper size', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    // Seven races open with every type, so race 1 offers them all, Win through WTA.
    const day: RaceDay = await createRaceDay(request, {
      label: 'All types',
      raceCount: 7,
      enabledBetTypes: [...FLAG_BET_TYPES],
    });
    await openRaceDay(page, day);
    const strip = page.getByTestId('bet-types');
    const names = BET_TYPES.map((type) => type.name);
    await expect(strip.getByRole('button')).toHaveText(names);

    const stream = await boxOf(page.getByRole('region', { name: 'Live stream' }));
    expect(stream.width).toBeGreaterThanOrEqual(400);
    expect(stream.y + stream.height).toBeLessThanOrEqual(800);

    for (const name of names) {
      const chip = strip.getByRole('button', { name, exact: true });
      // In view as it is: nothing to scroll, so the mouse reaches it where it stands.
      const box = await boxOf(chip);
      const stripBox = await boxOf(strip);
      expect(box.x).toBeGreaterThanOrEqual(stripBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(stripBox.x + stripBox.width);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
    }
    // Back to Win by keyboard: every type is a button in the tab order.
    await strip.getByRole('button', { name: 'Win', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(strip.getByRole('button', { name: 'Win', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('on a small desktop (1024x768)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the three columns fit the width, every bet type in view', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    const day: RaceDay = await createRaceDay(request, {
      label: 'Small desktop',
      raceCount: 7,
      enabledBetTypes: [...FLAG_BET_TYPES],
    });
    await openRaceDay(page, day);
    await expect(page.getByTestId('bet-slip')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const strip = page.getByTestId('bet-types');
    const stripBox = await boxOf(strip);
    for (const name of BET_TYPES.map((type) => type.name)) {
      const box = await boxOf(strip.getByRole('button', { name, exact: true }));
      expect(box.x + box.width, name).toBeLessThanOrEqual(stripBox.x + stripBox.width);
    }
    const slip = await boxOf(page.getByTestId('bet-slip'));
    expect(slip.x + slip.width).toBeLessThanOrEqual(1024);
  });
});

test.describe('with a mouse on a narrow window (800x900)', () => {
  test.use({ viewport: { width: 800, height: 900 }, isMobile: false, hasTouch: false });

  test('the wheel over the bet types scrolls them sideways, not the page', async ({ page, request }) => {
    await signInAsNewPlayer(page, request);
    const day: RaceDay = await createRaceDay(request, {
      label: 'Wheel',
      raceCount: 7,
      enabledBetTypes: [...FLAG_BET_TYPES],
    });
    await openRaceDay(page, day);
    const strip = page.getByTestId('bet-types');
    await expect(strip).toHaveAttribute('data-more-end', '');
    const wta = strip.getByRole('button', { name: 'WTA', exact: true });
    const before = await page.evaluate(() => window.scrollY);
    await strip.hover();
    while (!(await strip.evaluate((node) => node.scrollLeft + node.clientWidth >= node.scrollWidth - 1))) {
      const left = await strip.evaluate((node) => node.scrollLeft);
      await page.mouse.wheel(0, 200);
      await expect.poll(() => strip.evaluate((node) => node.scrollLeft)).toBeGreaterThan(left);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    const box = await boxOf(wta);
    const stripBox = await boxOf(strip);
    expect(box.x + box.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(wta).toHaveAttribute('aria-pressed', 'true');
  });
});
