import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  DualControlMessages,
  DualControlRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  ToteMessages,
  type BetReceipt,
  type DualControlListResponse,
  type GameEvent,
  type Race,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';
import {
  approveAsSecondAdmin,
  backofficeAsFirstAdmin,
  backofficeAsSecondAdmin,
  adminPost,
  createVerifiedPlayer,
  manilaToday,
  secondAdminApi,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { raceDaySchedule } from './raceDay.ts';

/**
 * The tote's pool split and tax settings (EO 194 shares, stamp tax, PD 1157 tax on winnings; decision 049):
 * an admin sees each bet type's policy, proposes a new tax on winnings from tomorrow (Manila), and it is in
 * the list with its date only once the second founding admin approves it (decision 045); a date already past
 * is refused with the shared message, by the form and by the server. The e2e server is shared by the run:
 * each viewport changes a bet type no other spec bets on (Pick 5, Pick 6), and puts it back before it ends.
 */

const DAY_MS = 86_400_000;

/** A Manila date `days` from today's, as YYYY-MM-DD. */
function manilaDatePlus(days: number): string {
  return new Date(Date.parse(`${manilaToday()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** What is in force for a bet type on a date, as a proposal sends it. */
async function settingOn(api: APIRequestContext, betType: string, date: string): Promise<ToteSettingInput> {
  const answer = await api.get(ToteAdminRoutes.settings);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { settings } = (await answer.json()) as { settings: ToteSetting[] };
  const found = settings.find((s) => s.betType === betType && s.effectiveFrom <= date);
  if (!found) throw new Error(`no setting of ${betType}`);
  const { shares, stampTax, winningsTax, noWinner, multiRaceScratch, cancelledLeg } = found;
  return { betType, shares, stampTax, winningsTax, noWinner, multiRaceScratch, cancelledLeg, effectiveFrom: date };
}

/** The setting back as it was from `old.effectiveFrom`: a proposal still waiting rejected, an applied one undone. */
async function restoreSetting(page: Page, old: ToteSettingInput, title: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const second = await secondAdminApi(origin);
  const list = await second.get(DualControlRoutes.list);
  expect(list.ok(), await list.text()).toBe(true);
  const waiting = ((await list.json()) as DualControlListResponse).pending.find((r) => r.summary.title === title);
  if (waiting) {
    const rejected = await second.post(DualControlRoutes.reject(waiting.id), {
      data: { note: 'E2E: restoring the setting' },
    });
    expect(rejected.ok(), await rejected.text()).toBe(true);
    return;
  }
  const now = await settingOn(page.request, old.betType, old.effectiveFrom);
  if (JSON.stringify(now) === JSON.stringify(old)) return;
  const proposed = await page.request.post(ToteAdminRoutes.settings, { data: old });
  expect(proposed.ok(), await proposed.text()).toBe(true);
  await approveAsSecondAdmin(origin, title);
  expect(await settingOn(page.request, old.betType, old.effectiveFrom)).toEqual(old);
}

const viewports = [
  { name: 'on a phone', width: 390, height: 844, betType: 'PICK5', typeName: 'Pick5' },
  { name: 'on a desktop', width: 1280, height: 800, betType: 'PICK6', typeName: 'Pick6' },
] as const;

for (const viewport of viewports) {
  test.describe(viewport.name, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.width > 900 ? { isMobile: false, hasTouch: false } : {}),
    });

    test('a tax on winnings from tomorrow applies once a second admin approves it; a past date is refused', async ({
      page,
      browser,
    }) => {
      const { betType } = viewport;
      const tomorrow = manilaDatePlus(1);
      const yesterday = manilaDatePlus(-1);
      const title = `Pool split, taxes and rules: ${betType} from ${tomorrow}`;
      await backofficeAsFirstAdmin(page, '/backoffice/tote/settings');
      const old = await settingOn(page.request, betType, tomorrow);
      const rate = old.winningsTax.rateBp === 1500 ? '12.5' : '15';
      try {
        await expect(page.getByRole('heading', { level: 1, name: 'Pool split and tax settings' })).toBeVisible();
        // Each bet type's policy in force: its named shares, its stamp tax and its tax on winnings.
        const inForce = page.getByTestId('settings-in-force');
        await expect(inForce).toContainText('Franchise commission 8.5%, Prize fund 8.5%, Regulator share 1%');
        await expect(inForce).toContainText('₱0.10 a ticket + ₱0.10 per ₱1 or part above ₱1');
        await expect(inForce).toContainText('₱0.05 per ₱1 or part');
        await expect(inForce).toContainText('10% of the winnings (dividend less stake)');

        // The form starts from the type's policy in force.
        const form = page.getByTestId('tote-setting-form');
        await form.getByLabel('Bet type', { exact: true }).selectOption(betType);
        await expect(form.getByLabel('Franchise commission (%)')).toHaveValue('8.5');
        await expect(form.getByLabel('Stamp tax', { exact: true })).toHaveValue('per-ticket');
        const winningsRate = form.getByLabel('Tax on winnings (%)');
        await expect(winningsRate).toHaveValue(String(old.winningsTax.rateBp / 100));

        // A date already past is refused with the shared message, and nothing is proposed.
        await winningsRate.fill(rate);
        const date = form.getByLabel('Effective from (Manila date)');
        await date.fill(yesterday);
        await form.getByRole('button', { name: 'Propose setting' }).click();
        await expect(form.getByText(ToteMessages.effectiveFromPast)).toBeVisible();
        await expect(date).toBeFocused();
        expect(await seriousViolations(page)).toEqual([]);
        // The server refuses it too, with the same words.
        const refused = await page.request.post(ToteAdminRoutes.settings, {
          data: { ...old, winningsTax: { ...old.winningsTax, rateBp: Number(rate) * 100 }, effectiveFrom: yesterday },
        });
        expect(refused.status()).toBe(400);
        expect(await refused.text()).toContain(ToteMessages.effectiveFromPast);

        // From tomorrow: proposed, waiting for a second admin, not in the list yet.
        await date.fill(tomorrow);
        await expect(form.getByText(ToteMessages.effectiveFromPast)).toHaveCount(0);
        await form.getByRole('button', { name: 'Propose setting' }).click();
        await expect(form.getByText(DualControlMessages.proposed)).toBeVisible();
        const waiting = page.getByTestId('pending-proposals');
        await expect(waiting).toContainText(title);
        // The other viewport's proposal may be waiting beside this one: each is its own table, named by its title.
        const proposal = waiting.getByRole('table', { name: title });
        await expect(proposal.getByRole('row', { name: /Tax on winnings/ })).toContainText(
          `${Number(rate).toFixed(2)}% of the winnings`,
        );
        const entered = page
          .getByTestId('settings-history')
          .getByRole('row')
          .filter({ hasText: tomorrow })
          .filter({ hasText: `${viewport.typeName} (${betType})` });
        await expect(entered).toHaveCount(0);
        expect((await settingOn(page.request, betType, tomorrow)).winningsTax).toEqual(old.winningsTax);
        // The page fits the screen: nothing wider than it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // The second founding admin approves it on the Approvals page.
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        try {
          const second = await context.newPage();
          await backofficeAsSecondAdmin(second, '/backoffice/approvals');
          const card = second.getByRole('article').filter({ hasText: title });
          await expect(card.getByRole('row', { name: /Tax on winnings/ })).toContainText(
            `${Number(rate).toFixed(2)}% of the winnings`,
          );
          await card.getByRole('button', { name: 'Approve' }).click();
          await expect(second.getByText(DualControlMessages.approved)).toBeVisible();
        } finally {
          await context.close();
        }

        // In the list with its date; today's policy in force is still the old one.
        await page.reload();
        await expect(entered).toHaveCount(1);
        await expect(entered).toContainText(`${rate}% of the winnings (dividend less stake)`);
        await expect(page.getByRole('table', { name: title })).toHaveCount(0);
        const todays = page
          .getByTestId('settings-in-force')
          .getByRole('row')
          .filter({ hasText: `${viewport.typeName} (${betType})` });
        await expect(todays).toContainText(`${old.winningsTax.rateBp / 100}% of the winnings`);
        expect((await settingOn(page.request, betType, tomorrow)).winningsTax).toEqual({
          rateBp: Number(rate) * 100,
          base: old.winningsTax.base,
        });
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await restoreSetting(page, old, title);
      }
    });
  });
}

test.describe('the settlement report on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a Win pool shows its shares, stamp tax, net pool, the tax withheld from winnings and what players got', async ({
    page,
    request,
  }) => {
    // A player with ₱500.00 bets ₱80.00 on 1 and ₱20.00 on 2 in the Win pool of this test's own race.
    const player = await createVerifiedPlayer(request);
    await adminPost(
      request,
      BackofficeRoutes.adjustments(player.playerId),
      { account: 'credit', amount: 50_000, reason: 'E2E tax report funding' },
      { 'idempotency-key': `e2e-taxreport-${uniqueSuffix()}` },
    );
    const day = raceDaySchedule(1);
    const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
      name: `E2E Tax report ${uniqueSuffix()}`,
      arena: 'San Lazaro Leisure Park',
      streamUrl: '',
      raceDate: day.raceDate,
      enabledBetTypes: [],
    });
    let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo: 1,
      startDateTime: day.start(1),
      enabledBetTypes: [],
    });
    for (const runnerNo of ['1', '2', '3']) {
      ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: `Jockey ${runnerNo}`,
      }));
    }
    await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
    for (const [runner, amount] of [
      [1, 8_000],
      [2, 2_000],
    ] as const) {
      const placed = await request.post(BettingRoutes.placeBet, {
        data: {
          raceId: race.raceId,
          eventId: event.id,
          betType: 'W',
          selections: [[runner]],
          amount,
          useBonus: false,
          idempotencyKey: `e2e-taxreport-${uniqueSuffix()}`,
        },
      });
      const receipt = (await placed.json()) as BetReceipt;
      expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
    }
    await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });

    // The built-in Win policy (EO 194, PD 1157): of ₱100.00, 8.5% + 8.5% + 1% in shares, and the stamp tax
    // of ₱0.10 a ticket + ₱0.10 per ₱1 above ₱1 (₱8.00 + ₱2.00); ₱72.00 net over ₱20.00 on 2 -> 3.60.
    // The winner won ₱72.00: ₱52.00 of winnings, 10% of it (₱5.20) withheld, ₱66.80 paid.
    const expected = {
      'pool-stakes': '₱100.00',
      'pool-refunds': '₱0.00',
      'pool-gross': '₱100.00',
      'pool-share-franchiseCommission': '₱8.50',
      'pool-share-prizeFund': '₱8.50',
      'pool-share-regulator': '₱1.00',
      'pool-stampTax': '₱10.00',
      'pool-takeout': '₱28.00',
      'pool-carryIn': '₱0.00',
      'pool-net': '₱72.00',
      'pool-winningsTax': '₱5.20',
      'pool-payouts': '₱66.80',
      'pool-carryOut': '₱0.00',
      'pool-breakage': '₱0.00',
    };
    await backofficeAsFirstAdmin(page, `/backoffice/race-day/${event.id}/races/${race.raceId}/result`);
    await expect(page.getByRole('heading', { level: 1, name: 'Result · Race 1' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Finish' }).fill('2-1-3');
    await page.getByRole('button', { name: 'Preview dividends' }).click();
    const preview = page.getByTestId('result-preview').getByRole('article', { name: 'Win (W)' });
    for (const [testId, amount] of Object.entries(expected)) {
      await expect(preview.getByTestId(testId), testId).toHaveText(amount);
    }
    await expect(preview.getByTestId('pool-dividends').getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '3.60',
      '₱20.00',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Confirm result' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm the result of race 1?' })
      .getByRole('button', { name: 'Yes, confirm and settle' })
      .click();
    await expect(page.getByText('Race 1 is resulted and settled.')).toBeVisible();
    await page.getByRole('link', { name: 'Settlement report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settlement report · Race 1' })).toBeVisible();
    await expect(page.getByTestId('report-balance')).toHaveText(/Balanced/);
    const pool = page.getByRole('article', { name: 'Win (W)' });
    for (const [testId, amount] of Object.entries(expected)) {
      await expect(pool.getByTestId(testId), testId).toHaveText(amount);
    }
    await expect(pool.getByTestId('pool-balance')).toHaveText('Balanced');
    // The totals: each share, the stamp tax and the tax withheld from winnings.
    const totals = page.getByTestId('report-totals');
    await expect(totals.getByTestId('total-share-franchiseCommission')).toHaveText('₱8.50');
    await expect(totals.getByTestId('total-stampTax')).toHaveText('₱10.00');
    await expect(totals.getByTestId('total-winningsTax')).toHaveText('₱5.20');
    await expect(totals.getByTestId('total-payouts')).toHaveText('₱66.80');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
