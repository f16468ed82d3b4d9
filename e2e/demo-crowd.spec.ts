import { expect, test, type APIRequestContext } from './test.ts';
import path from 'node:path';
import { BackofficeRoutes, GameRoutes, type Race, type RaceInfoResponse } from '@karera/shared';
import Database from '../apps/server/src/db/sqlite-driver.mjs';
import { E2E_PORT, e2eDataDir } from './env.ts';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * The demo race day's odds are its pools' (decision 047), on a phone: the simulated crowd has real money in
 * the demo card's Win pools, the live screen shows the tote's odds from them, and a newcomer's ₱10 Win on
 * the favourite moves its odds by what the pool says (a little), never collapsing them as invented odds
 * did. The expectation is worked out from the pool's total in the server's database and the odds the server
 * gives, not from fixed numbers.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PESO = 100;
/** Odds text ("3.50") to centavos per 1.00. */
const centavos = (odds: string | null) => (odds === null ? Number.NaN : Math.round(Number(odds) * 100));

async function raceInfo(request: APIRequestContext, eventId: number): Promise<Race[]> {
  const response = await request.post(GameRoutes.getRaceInfo, { data: { eventId } });
  return ((await response.json()) as RaceInfoResponse).races;
}

/**
 * The Win pool's gross, every ticket in it (the crowd's too), read from the e2e server's own database: the
 * race-day dashboard reports real players' sales only (decision 047), and the odds are the whole pool's.
 */
function winPool(raceId: number): number {
  const db = new Database(path.join(e2eDataDir(E2E_PORT), 'karera.db'), { readonly: true, fileMustExist: true });
  try {
    const row: unknown = db
      .prepare("select coalesce(sum(total), 0) as gross from bet_tickets where first_race_id = ? and bet_type = 'W'")
      .get(raceId);
    return typeof row === 'object' && row !== null && 'gross' in row ? Number(row.gross) : 0;
  } finally {
    db.close();
  }
}

const running = (race: Race) => race.runners.filter((runner) => runner.status === 'A');

test('the demo card shows its pools’ odds, and a ₱10 Win moves the favourite’s a little', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E demo crowd funding' },
    { 'idempotency-key': `e2e-crowd-${uniqueSuffix()}` },
  );
  await page.addInitScript(() => {
    window.localStorage.setItem('creditBalance', '50000');
    window.localStorage.setItem('announcementDate', '2025-03-28');
  });
  await page.goto('/live');
  const raceDay = page.getByTestId('race-day');
  await expect(raceDay).toBeVisible();
  let eventId = Number(await raceDay.getAttribute('data-event-id'));
  let shownSince = Date.now();

  // A race of the demo card open for a while yet, with the crowd's money on every runner. Around midnight in
  // Manila the day's card has none left and the next day's comes: the screen, opened again, shows it.
  let race: Race | undefined;
  await expect
    .poll(
      async () => {
        race = (await raceInfo(request, eventId)).find(
          (r) =>
            r.status === 'O' &&
            Date.parse(r.startDateTime) - Date.now() > 90_000 &&
            running(r).every((runner) => runner.odds !== null),
        );
        if (!race && Date.now() - shownSince > 15_000) {
          await page.reload();
          await expect(raceDay).toBeVisible();
          eventId = Number(await raceDay.getAttribute('data-event-id'));
          shownSince = Date.now();
        }
        return race !== undefined;
      },
      // A ceiling, not a wait: the demo opens its next race within a minute, or its next day's card.
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBe(true);
  if (!race) throw new Error('no open demo race');
  const chosen = race;
  /** The chosen race's running runners as the server has them now. */
  const runnersNow = async () =>
    running((await raceInfo(request, eventId)).find((r) => r.raceId === chosen.raceId) ?? chosen);
  await page.getByTestId(`race-tab-${chosen.raceNo}`).click();

  // The odds shown are the server's, from the pool: every runner's, none invented.
  const shown = page.getByTestId('runner-odds');
  await expect
    .poll(async () => {
      const current = await runnersNow();
      const texts = (await shown.allTextContents()).map((text) => text.replace(/[^\d.]/g, ''));
      return texts.length === current.length && current.every((runner, i) => texts[i] === runner.odds);
    })
    .toBe(true);

  // The crowd has a realistic amount in the Win pool, and the odds add up as a tote's do.
  const before = await runnersNow();
  const gross = winPool(chosen.raceId);
  expect(gross).toBeGreaterThanOrEqual(1_000 * PESO);
  const odds = before.map((runner) => centavos(runner.odds));
  // Σ 1/odds = gross / net: the pool pays out what it holds less the EO 194 shares (18%) and the tickets' stamp
  // tax (about 10% of sales), no more (186% was invented): about 1 / 0.72 = 1.39, a little more for breakage.
  const book = odds.reduce((sum, o) => sum + 100 / o, 0);
  expect(book).toBeGreaterThan(1);
  expect(book).toBeLessThan(1.5);
  const net = gross / book;

  const favourite = before.reduce((best, runner) => (centavos(runner.odds) < centavos(best.odds) ? runner : best));
  const favouriteBefore = centavos(favourite.odds);
  const stake = (net * 100) / favouriteBefore;
  const bet = 10 * PESO;
  const expected = ((net + (bet * net) / gross) * 100) / (stake + bet);

  await page.getByRole('button', { name: `Bet on ${favourite.runnerNo} ${favourite.horseName}`, exact: true }).click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-amount').fill('10');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱10.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱10.00');
  await receipt.getByRole('button', { name: 'OK' }).click();

  // The favourite's odds come down by about what the pool says a ₱10 bet does (the crowd keeps betting
  // meanwhile, a few percent of the pool at most), and the screen shows them.
  const favouriteRow = page.locator('[data-testid="runner-odds"]').nth(before.indexOf(favourite));
  await expect
    .poll(async () => {
      const now = await runnersNow();
      const after = centavos(now.find((r) => r.runnerNo === favourite.runnerNo)?.odds ?? null);
      const text = ((await favouriteRow.textContent()) ?? '').replace(/[^\d.]/g, '');
      return { shownIsServer: centavos(text) === after, close: Math.abs(after - expected) <= 10 + expected * 0.05 };
    })
    .toEqual({ shownIsServer: true, close: true });
  const after = centavos(await favouriteRow.textContent().then((text) => (text ?? '').replace(/[^\d.]/g, '')));
  // Not a collapse: a little shorter at most.
  expect(after / favouriteBefore).toBeGreaterThan(0.9);
  expect(after / favouriteBefore).toBeLessThan(1.1);
});
