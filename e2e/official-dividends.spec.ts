import { expect, test, type APIRequestContext } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteMessages,
  type BetReceipt,
  type Race,
} from '@karera/shared';
import {
  adminPost,
  backofficeAsFirstAdmin,
  backofficeAsSecondAdmin,
  createVerifiedPlayer,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * Official dividends under dual control (decision 046), on a desktop: one admin enters a track's dividend
 * that differs from the tote's, the result waits, and the second founding admin approves it on the
 * Approvals page; only then is the race resulted and its pool paid at the official figure.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

/**
 * A closed race with ₱10 on each of 1, 2 and 3 in its Win pool. Under EO 194: gross 3,000 centavos, shares
 * 255 + 255 + 30 = 540, stamp tax ₱0.10 + 9 × ₱0.10 = 100 a ticket, 300; net 3,000 − 540 − 300 = 2,160: the
 * tote pays 2,160 / 1,000 = 2.16, down to 2.10, on the winner.
 */
async function closedRaceWithBets(request: APIRequestContext) {
  const player = await createVerifiedPlayer(request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 3_000, reason: 'E2E official dividends funding' },
    { 'idempotency-key': `e2e-official-${uniqueSuffix()}` },
  );
  const event = await createRaceDay(request, {
    label: 'Official',
    raceCount: 1,
    enabledBetTypes: [],
    card: [
      ['1', 'Bagyo'],
      ['2', 'Alon'],
      ['3', 'Hangin'],
    ],
  });
  const race = event.races[0] as Race;
  for (const runner of [1, 2, 3]) {
    const placed = await request.post(BettingRoutes.placeBet, {
      data: {
        raceId: race.raceId,
        eventId: event.id,
        betType: 'W',
        selections: [[runner]],
        amount: 1_000,
        useBonus: false,
        idempotencyKey: `e2e-official-${uniqueSuffix()}`,
      },
    });
    const receipt = (await placed.json()) as BetReceipt;
    expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  return { event, race };
}

test('an official dividend that differs from the tote’s is paid only after a second admin approves it', async ({
  page,
  browser,
  request,
}) => {
  const { event, race } = await closedRaceWithBets(request);

  // The first founding admin enters the finish 1-2-3 with the track's Win dividend of 2.00 (the tote says 2.10).
  // At 2.00 the ₱10 winner is paid ₱20.00, and taxed like any winner: 10% of (₱20.00 − ₱10.00) = ₱1.00 withheld,
  // ₱19.00 reaches the player.
  await backofficeAsFirstAdmin(page, `/backoffice/race-day/${event.id}/races/${race.raceId}/result`);
  await expect(page.getByRole('heading', { level: 1, name: 'Result · Race 1' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Finish' }).fill('1-2-3');
  await page.getByRole('button', { name: 'Add official dividend' }).click();
  const official = page.getByRole('group', { name: 'Official dividend 1' });
  await official.getByLabel('Winning combination').fill('1');
  await official.getByLabel('Dividend for 1.00 (₱)').fill('2.00');
  await page.getByRole('button', { name: 'Preview dividends' }).click();
  const preview = page.getByTestId('result-preview');
  const winPool = preview.getByRole('article', { name: 'Win (W)' });
  await expect(winPool.getByTestId('pool-winningsTax')).toHaveText('₱1.00');
  await expect(winPool.getByTestId('pool-payouts')).toHaveText('₱19.00');
  await preview.getByRole('button', { name: 'Confirm result' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm the result of race 1?' })
    .getByRole('button', { name: 'Yes, confirm and settle' })
    .click();
  await expect(page.getByText(ToteMessages.officialNeedsSecondAdmin)).toBeVisible();
  await expect(page.getByTestId('result-approval-link')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing is resulted yet: the race is still closed.
  await page.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}`);
  await expect(page.getByTestId('race-status')).toHaveText('Closed');

  // The second founding admin reads the tote's and the track's figure side by side, and approves.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await context.newPage();
  await backofficeAsSecondAdmin(second, '/backoffice/approvals');
  const card = second.getByRole('article').filter({ hasText: `(id ${race.raceId})` });
  await expect(card).toContainText('W 1: dividend for 1.00');
  await expect(card).toContainText('2.10');
  await expect(card).toContainText('2.00');
  expect(await seriousViolations(second)).toEqual([]);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByText('Approved: the change is in force.')).toBeVisible();
  await context.close();

  // The race is resulted and the pool paid at 2.00, marked official on the settlement report.
  await page.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}/report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement report · Race 1' })).toBeVisible();
  await expect(page.getByTestId('report-balance')).toHaveText(/Balanced/);
  await expect(page.getByTestId('report-finish')).toHaveText('1-2-3');
  const paidPool = page.getByRole('article', { name: 'Win (W)' });
  await expect(paidPool.getByTestId('pool-winningsTax')).toHaveText('₱1.00');
  await expect(paidPool.getByTestId('pool-payouts')).toHaveText('₱19.00');
  await expect(paidPool.getByTestId('pool-dividends')).toContainText('Official');
  expect(await seriousViolations(page)).toEqual([]);
});
