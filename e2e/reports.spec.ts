import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, backofficeLogin, createVerifiedPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * The business reports (decision 039) at 1280x800: a race of this test's own race day, bet on and settled,
 * shows in the report per race (its chart and its table), and its CSV holds the same figures. Other specs'
 * races may share the day: this one only reads its own event's row.
 */

async function settledRaceToday(request: APIRequestContext): Promise<{ event: GameEvent; race: Race; name: string }> {
  const { races, ...event } = await createRaceDay(request, { label: 'Reports', raceCount: 1, enabledBetTypes: [] });
  const race = races[0];
  if (!race) throw new Error('The race day has no race.');
  const { name } = event;
  const player = await createVerifiedPlayer(request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 10_000, reason: 'E2E reports funding' },
    { 'idempotency-key': `e2e-reports-${uniqueSuffix()}` },
  );
  for (const [runner, amount] of [
    [1, 2_500],
    [2, 1_500],
  ] as const) {
    const placed = await request.post(BettingRoutes.placeBet, {
      data: {
        raceId: race.raceId,
        eventId: event.id,
        betType: 'W',
        selections: [[runner]],
        amount,
        useBonus: false,
        idempotencyKey: `e2e-reports-bet-${uniqueSuffix()}`,
      },
    });
    const receipt = (await placed.json()) as BetReceipt;
    expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-reports-result-${uniqueSuffix()}`,
  });
  return { event, race, name };
}

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the report per race charts and lists a settled race, and its CSV holds the same figures', async ({
    page,
    request,
  }) => {
    const { name, event } = await settledRaceToday(request);
    // The race day's own date: after 23:00 in Manila a new race day is tomorrow's (raceDaySchedule).
    const day = event.raceDate;
    await backofficeLogin(page);
    await goToBackofficeSection(page, 'Reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Report' }).getByRole('link', { name: 'By race' }).click();
    await expect(page).toHaveURL(/\/backoffice\/reports\/races/);

    // A range of Manila days: the end before the start is refused on the page; one day is kept in the address.
    const range = page.getByRole('form', { name: 'Date range (Manila days)' });
    await range.getByLabel('From').fill('2026-11-10');
    await range.getByLabel('To').fill('2026-11-09');
    await range.getByRole('button', { name: 'Show' }).click();
    await expect(range.getByRole('alert')).toHaveText('The end date is before the start date.');
    await range.getByLabel('From').fill(day);
    await range.getByLabel('To').fill(day);
    await range.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/reports/races\\?from=${day}&to=${day}$`));

    const chart = page.getByRole('figure').filter({ hasText: 'Turnover per race' });
    // The chart speaks its bars (other specs' races share the day, so ours may be past the ones it names);
    // the table beside it has every figure.
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /^Turnover per race, in pesos: .+ ₱\d/);
    await expect(chart.locator('canvas').first()).toBeVisible();
    const table = page.getByRole('table', { name: 'Gaming figures per race' });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    // ₱40 staked: ₱25 on 1 (it wins) and ₱15 on 2.
    await expect(row.getByRole('cell').nth(2)).toHaveText('₱40.00');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^karera-report-races-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Day,Event,Race,Turnover (PHP),Refunds (PHP),Payouts (before tax) (PHP),Winnings tax withheld (PHP),Bonus stake kept (PHP),Takeout (shares and stamp tax) (PHP),Franchise commission (PHP),Prize fund (PHP),Regulator share (PHP),Single takeout (before the split) (PHP),Stamp tax (PHP),Breakage (PHP),Minus pool (PHP),Carryover in (PHP),Carryover out (PHP),Gross gaming revenue (PHP),Net revenue (PHP)',
    );
    const ours = lines.find((line) => line.includes(name));
    // Under EO 194: gross 4,000 centavos; shares 8.5% + 8.5% + 1% = 340 + 340 + 40; stamp tax ₱0.10 + 24 × ₱0.10
    // = ₱2.50 on the ₱25 ticket and ₱0.10 + 14 × ₱0.10 = ₱1.50 on the ₱15 one, ₱4.00: taken out ₱11.20, net
    // ₱28.80 over ₱25 on 1 = 1.152, down to 1.10: ₱27.50 paid (before tax), breakage ₱1.30. Tax withheld: 10% of
    // (₱27.50 − ₱25.00) = ₱0.25. Gross gaming revenue = ₱40.00 − ₱27.50 = ₱12.50 = takeout + breakage.
    expect(ours).toMatch(
      new RegExp(
        `^${day},${name},Race 1,40\\.00,0\\.00,27\\.50,0\\.25,0\\.00,11\\.20,3\\.40,3\\.40,0\\.40,0\\.00,4\\.00,1\\.30,0\\.00,0\\.00,0\\.00,12\\.50,`,
      ),
    );
    const [payouts, , retained, takeout, , , , , , breakage, minusPool, , , ggr] = ours!
      .split(',')
      .slice(5)
      .map(Number);
    expect(Math.round(((payouts ?? 0) + (ggr ?? 0)) * 100)).toBe(4_000);
    expect(ggr).toBeCloseTo((takeout ?? 0) + (breakage ?? 0) + (retained ?? 0) - (minusPool ?? 0), 2);
    await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible();

    // Another report keeps the range.
    await page.getByRole('navigation', { name: 'Report' }).getByRole('link', { name: 'By event' }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/reports/events\\?from=${day}&to=${day}$`));
    const eventRow = page
      .getByRole('table', { name: 'Gaming figures per event' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(eventRow.getByRole('cell').nth(1)).toHaveText('₱40.00');
    await expect(page.getByRole('link', { name: 'By event' })).toHaveAttribute('aria-current', 'page');
  });
});
