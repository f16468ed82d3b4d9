import { expect, test } from './test.ts';
import { BlackbookRoutes, GameRoutes, type EventReplaysResponse, type GameInfoResponse } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { E2E_FAST_DEMO_URL } from './env.ts';
import { createRaceDay } from './raceDay.ts';
import { signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * The blackbook and replays (issue 34 §4, §5), on a phone (390x844) and a desktop (1280x800): a player follows
 * a horse from its runner row on /live, sees it marked there and in Followed today (in English and Filipino),
 * and watches a finished demo race again with pause, speed and restart. axe finds nothing serious.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('follow a horse: marked on /live and listed in Followed today with a note', async ({ page, request }) => {
      await signInAsNewPlayer(page, request);
      const tag = uniqueSuffix().slice(-6);
      const horse = `Tala ${tag}`;
      const event = await createRaceDay(request, {
        label: 'Blackbook',
        raceCount: 1,
        enabledBetTypes: [],
        openRaceNos: [],
        card: [
          ['1', `Bituin ${tag}`],
          ['2', horse],
          ['3', `Buwan ${tag}`],
        ],
      });
      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await page.goto(`/live?event=${event.id}`);
      const row = page.locator('[data-testid="runner"][data-runner-no="2"]');
      await expect(row.getByTestId('followed-mark')).toHaveCount(0);
      // Followed from the runner's form sheet, where its form is read.
      await row.getByRole('button', { name: `Form of 2 ${horse}` }).click();
      const sheet = page.getByTestId('form-sheet');
      const follow = sheet.getByRole('button', { name: `Follow ${horse}` });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      expect(await seriousViolations(page, '[data-testid="form-sheet"]')).toEqual([]);
      await sheet.getByRole('button', { name: 'Close' }).last().click();
      await expect(row.getByRole('img', { name: 'In your blackbook: horse' })).toBeVisible();
      // Only that runner is marked.
      await expect(page.getByTestId('followed-mark')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);

      // The account menu leads to the Followed page.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByTestId('account-menu').getByRole('link', { name: 'Followed horses' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Followed' })).toBeVisible();
      const today = page.getByTestId('followed-today');
      const line = today.getByTestId('followed-runner').filter({ hasText: horse });
      await expect(line).toContainText(`Race 1 · ${event.name}`);
      await expect(line).toContainText(/Post time \d{1,2}:\d{2}/);
      await expect(line).toContainText('Followed: Horse');
      await expect(line.getByRole('link', { name: 'Bet on race 1' })).toHaveAttribute(
        'href',
        `/live?event=${event.id}&race=${event.races[0]?.raceId}`,
      );
      const entry = page.getByTestId('blackbook-entry').filter({ hasText: horse });
      await entry.getByLabel(`Note on ${horse}`).fill('Strong finisher');
      await entry.getByRole('button', { name: 'Save note' }).click();
      await expect(page.getByText('Note saved.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // In Filipino.
      await page.evaluate(() => window.localStorage.setItem('language', 'fil'));
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: 'Tatakbo ngayon' })).toBeVisible();
      await expect(
        page.getByTestId('followed-today').getByTestId('followed-runner').filter({ hasText: horse }),
      ).toContainText('Sinusundan: Kabayo');
      await expect(page.getByLabel(`Tala tungkol kay ${horse}`)).toHaveValue('Strong finisher');
      expect(await seriousViolations(page)).toEqual([]);

      // Back on /live the runner is still marked; the follow is undone from its form sheet.
      await page.goto(`/live?event=${event.id}`);
      await expect(row.getByTestId('followed-mark')).toBeVisible();
      await row.getByRole('button', { name: `Form ng 2 ${horse}` }).click();
      await page
        .getByTestId('form-sheet')
        .getByRole('button', { name: `Sundan si ${horse}` })
        .click();
      await page.getByTestId('form-sheet').getByRole('button', { name: 'Isara' }).last().click();
      await expect(row.getByTestId('followed-mark')).toHaveCount(0);
    });

    test('a finished demo race replays with pause, speed and restart', async ({ page, playwright }) => {
      const api = await playwright.request.newContext({ baseURL: E2E_FAST_DEMO_URL });
      await signInAsNewPlayer(page, api);
      // The fast demo finishes a race every few seconds: wait for one with a recorded run.
      let raceId = 0;
      await expect
        .poll(
          async () => {
            const info = (await (await api.post(GameRoutes.getGameInfo, { data: {} })).json()) as GameInfoResponse;
            for (const card of info.events) {
              const replays = await api.get(BlackbookRoutes.eventReplays(card.id));
              const races = ((await replays.json()) as EventReplaysResponse).races;
              if (races.length > 0) raceId = races[races.length - 1]?.raceId ?? 0;
            }
            return raceId;
          },
          { timeout: 60_000, intervals: [1_000] },
        )
        .toBeGreaterThan(0);
      await api.dispose();

      await page.goto(`${E2E_FAST_DEMO_URL}/replay/${raceId}`);
      const replay = page.getByTestId('drawn-replay');
      const drawn = replay.getByTestId('drawn-race');
      await expect(drawn).toHaveAttribute('data-race-id', String(raceId));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Replay: race \d+$/);
      // A demo run is short here: it plays through to the official result.
      await expect(drawn).toHaveAttribute('data-phase', 'result');

      // Paused and restarted: the runners wait at the start and do not move.
      const pause = replay.getByTestId('replay-pause');
      await pause.click();
      await expect(replay).toHaveAttribute('data-state', 'paused');
      await expect(pause).toHaveText('Play');
      await replay.getByTestId('replay-restart').click();
      await expect(drawn).toHaveAttribute('data-phase', 'running');
      const still = await page.evaluate(async () => {
        const glyphs = () =>
          Array.from(document.querySelectorAll('[data-testid="drawn-replay"] g[data-runner-no] > g')).map((g) =>
            g.getAttribute('transform'),
          );
        const before = glyphs().join('|');
        for (let i = 0; i < 20; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
        return { before, after: glyphs().join('|') };
      });
      expect(still.after).toBe(still.before);
      await expect(replay.getByTestId('replay-time')).toHaveText(/^Time 0:00 of /);

      // Half speed, then play: the runners leave the start and the race ends in its result again.
      const half = replay.getByRole('button', { name: '0.5x' });
      await half.click();
      await expect(half).toHaveAttribute('aria-pressed', 'true');
      await expect(replay).toHaveAttribute('data-speed', '0.5');
      await pause.click();
      await expect(replay).toHaveAttribute('data-state', 'playing');
      await expect(drawn).toHaveAttribute('data-phase', 'result');
      await replay.getByRole('button', { name: '2x' }).click();
      await expect(replay).toHaveAttribute('data-speed', '2');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
