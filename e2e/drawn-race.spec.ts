import { expect, test, type Page } from './test.ts';
import { GameRoutes, type RaceInfoResponse } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { E2E_FAST_DEMO_URL } from './env.ts';
import { signInAsNewPlayer } from './support.ts';

/**
 * A race to watch in the demo, on a phone (390x844) and on a desktop (1280x800): the demo card has no
 * stream, so the stream area draws the race the simulator runs (the fast demo server: a race every 3 s,
 * each run in about 0.6 s), runners moving from the start to the line and ending in exactly the finishing
 * order the result records; axe finds nothing serious on the screen.
 */

interface DrawnFrame {
  raceId: number;
  phase: string;
  /** Runner numbers by where they are drawn (their saddle cloths' x on the track), leader first. */
  drawnOrder: string[];
  /** The order the drawing says it shows (data-order). */
  statedOrder: string[];
  xs: number[];
  result: string[];
}

/** The drawing as painted now, read in one go (the next race goes off a few seconds later). */
function frameScript(wanted: { raceId: number | null; phase: string; moving?: boolean }): DrawnFrame | null {
  const root = document.querySelector<HTMLElement>('[data-testid="drawn-race"]');
  if (!root || root.dataset.phase !== wanted.phase) return null;
  const raceId = Number(root.dataset.raceId);
  if (wanted.raceId !== null && raceId !== wanted.raceId) return null;
  const runners = Array.from(root.querySelectorAll<SVGGElement>('g[data-runner-no]')).map((lane) => {
    const glyph = lane.firstElementChild;
    const match = /translate\(([-\d.]+)/.exec(glyph?.getAttribute('transform') ?? '');
    return { runnerNo: lane.dataset.runnerNo ?? '', x: Number(match?.[1] ?? Number.NaN) };
  });
  const xs = runners.map((r) => r.x);
  // On the way: someone has left the start and nobody is home yet.
  if (wanted.moving && !(Math.max(...xs) > Math.min(...xs) + 1)) return null;
  return {
    raceId,
    phase: root.dataset.phase,
    drawnOrder: [...runners].sort((a, b) => b.x - a.x).map((r) => r.runnerNo),
    statedOrder: (root.querySelector('svg')?.getAttribute('data-order') ?? '').split(','),
    xs,
    result: Array.from(root.querySelectorAll<HTMLElement>('[data-testid="drawn-result"] li')).map(
      (li) => li.dataset.runnerNo ?? '',
    ),
  };
}

async function waitForFrame(page: Page, wanted: Parameters<typeof frameScript>[0], timeout: number) {
  const handle = await page.waitForFunction(frameScript, wanted, { polling: 'raf', timeout });
  const frame = (await handle.jsonValue()) as DrawnFrame | null;
  if (!frame) throw new Error('no frame');
  return frame;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the demo race is drawn while it runs and ends in exactly the finishing order the result records', async ({
      page,
      playwright,
    }) => {
      const api = await playwright.request.newContext({ baseURL: E2E_FAST_DEMO_URL });
      await signInAsNewPlayer(page, api);
      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await page.goto(`${E2E_FAST_DEMO_URL}/live`);
      await expect(page.getByTestId('race-day')).toBeVisible();

      // A race goes off: its runners are drawn on their way from the start to the line.
      const running = await waitForFrame(page, { raceId: null, phase: 'running', moving: true }, 30_000);
      const eventId = Number(await page.getByTestId('race-day').getAttribute('data-event-id'));
      expect(running.xs.length).toBeGreaterThanOrEqual(5);

      // It ends in its finishing order, then shows the official result.
      // (A busy machine can hold the fast simulator up for a while: the result comes, later.)
      const done = await waitForFrame(page, { raceId: running.raceId, phase: 'result' }, 45_000);
      expect(done.drawnOrder).toEqual(done.statedOrder);

      const card = await api.post(GameRoutes.getRaceInfo, { data: { eventId } });
      const race = ((await card.json()) as RaceInfoResponse).races.find((r) => r.raceId === running.raceId);
      const recorded = (race?.runners ?? [])
        .filter((runner) => runner.finishPosition !== null)
        .sort((a, b) => (a.finishPosition ?? 0) - (b.finishPosition ?? 0))
        .map((runner) => runner.runnerNo);
      expect(recorded.length).toBe(done.drawnOrder.length);
      expect(done.drawnOrder).toEqual(recorded);
      expect(done.result).toEqual(recorded.slice(0, 4));
      await api.dispose();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the drawn race is accessible: named, its leader and finish told calmly, moving in steps with reduced motion', async ({
      page,
      playwright,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const api = await playwright.request.newContext({ baseURL: E2E_FAST_DEMO_URL });
      await signInAsNewPlayer(page, api);
      await api.dispose();
      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await page.goto(`${E2E_FAST_DEMO_URL}/live`);
      await expect(page.getByTestId('race-day')).toBeVisible();

      const drawn = page.getByTestId('drawn-race');
      await expect(drawn).toBeVisible();
      await expect(
        drawn.getByRole('img', { name: /^Race \d+ drawn: the runners from the start to the finish$/ }),
      ).toBeAttached();
      // The final order, then the official result, for a screen reader (a live region).
      const live = page.getByTestId('drawn-race-live');
      await expect(live).toHaveAttribute('aria-live', 'polite');
      await expect(live).toHaveText(/^Race \d+ (finish|official result): /);

      // Reduced motion: the runners move in steps, so a race shows only a few distinct positions. Races are
      // watched until one has been seen running for a while (on a busy machine a 0.6 s race may be missed).
      const watched = await page.evaluate(async () => {
        const root = () => document.querySelector<HTMLElement>('[data-testid="drawn-race"]');
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const deadline = performance.now() + 40_000;
        while (performance.now() < deadline) {
          while (root()?.dataset.phase !== 'running' && performance.now() < deadline) await frame();
          const raceId = root()?.dataset.raceId;
          const seen = new Set<string>();
          let samples = 0;
          while (root()?.dataset.phase === 'running' && root()?.dataset.raceId === raceId) {
            seen.add(root()?.querySelector('g[data-runner-no] > g')?.getAttribute('transform') ?? '');
            samples += 1;
            await frame();
          }
          if (samples >= 10) return { samples, positions: seen.size };
        }
        return { samples: 0, positions: 0 };
      });
      expect(watched.samples).toBeGreaterThanOrEqual(10);
      expect(watched.positions).toBeGreaterThan(1);
      // 12 steps and the start; far fewer than the frames it was watched for.
      expect(watched.positions).toBeLessThanOrEqual(13);

      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
