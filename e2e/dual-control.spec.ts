import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  DualControlMessages,
  DualControlRoutes,
  PromoMessages,
  ApprovalRoutes,
  formatPeso,
  ToteAdminRoutes,
  type ApprovalSettingsInput,
  type ApprovalSettingsResponse,
  type DualControlListResponse,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';
import {
  approveAsSecondAdmin,
  backofficeAsSecondAdmin,
  backofficeAsFirstAdmin,
  secondAdminApi,
  signInAsNewPlayer,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';

/**
 * Dual control of money settings and promos (decision 045): one admin proposes through the back office's
 * forms, nothing is in force yet, the proposer cannot approve their own change (the server's refusal on
 * the Approvals page), and the second founding admin, independent of them, approves it there. The e2e
 * server is shared by every spec of a run: a setting changed here is put back (proposed and approved
 * again) before the test ends, and the setting is one nobody else's test changes (Quartet, from a date far
 * ahead, so no race day of the run is priced by it).
 */

const BET_TYPE = 'QRT';

/** A date far ahead, different in each run, so this test's row in the settings history is its own. */
function farDate(): string {
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `2098-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The request waiting for a second admin whose title names `text`, as the approver lists it. */
async function pendingRequest(api: APIRequestContext, text: string) {
  const list = await api.get(DualControlRoutes.list);
  expect(list.ok(), await list.text()).toBe(true);
  return ((await list.json()) as DualControlListResponse).pending.find((r) => r.summary.title.includes(text));
}

/** What is in force for a bet type on a date: the newest setting from that date or before. */
async function settingOn(api: APIRequestContext, betType: string, date: string): Promise<ToteSettingInput> {
  const answer = await api.get(ToteAdminRoutes.settings);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { settings } = (await answer.json()) as { settings: ToteSetting[] };
  const found = settings.find((s) => s.betType === betType && s.effectiveFrom <= date);
  if (!found) throw new Error(`no setting of ${betType}`);
  const { shares, stampTax, winningsTax, noWinner, multiRaceScratch, cancelledLeg } = found;
  return { betType, shares, stampTax, winningsTax, noWinner, multiRaceScratch, cancelledLeg, effectiveFrom: date };
}

/** A typed percentage as the proposal's summary writes it: '12' -> '12.00%'. */
const asSummary = (percent: string) => `${Number(percent).toFixed(2)}%`;

/** The rates a test changes, to compare a setting with another. */
const ratesOf = (setting: ToteSettingInput) =>
  JSON.stringify({ shares: setting.shares, stampTax: setting.stampTax, winningsTax: setting.winningsTax });

/**
 * Puts the setting of this test back as it was: a proposal of this test still waiting is rejected; an
 * applied one is followed by the old values, proposed by the first admin and approved by the second.
 */
async function restoreSetting(page: Page, old: ToteSettingInput, title: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const second = await secondAdminApi(origin);
  const waiting = await pendingRequest(second, title);
  if (waiting) {
    const rejected = await second.post(DualControlRoutes.reject(waiting.id), {
      data: { note: 'E2E: restoring the setting' },
    });
    expect(rejected.ok(), await rejected.text()).toBe(true);
    return;
  }
  const now = await settingOn(page.request, old.betType, old.effectiveFrom);
  if (ratesOf(now) === ratesOf(old) && now.noWinner === old.noWinner) return;
  const proposed = await page.request.post(ToteAdminRoutes.settings, { data: old });
  expect(proposed.ok(), await proposed.text()).toBe(true);
  await approveAsSecondAdmin(origin, title);
  expect(ratesOf(await settingOn(page.request, old.betType, old.effectiveFrom))).toBe(ratesOf(old));
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a share and tax change is in force only once a second admin approves it, never on its proposer’s approval', async ({
    page,
    browser,
  }) => {
    const effectiveFrom = farDate();
    const title = `Pool split, taxes and rules: ${BET_TYPE} from ${effectiveFrom}`;
    // The first founding admin proposes; the second, system-created too, is independent of them.
    await backofficeAsFirstAdmin(page, '/backoffice/tote/settings');
    const old = await settingOn(page.request, BET_TYPE, effectiveFrom);
    // A regulator share and a tax on winnings other than those in force.
    const regulator = old.shares.find((share) => share.name === 'regulator')?.rateBp === 150 ? '1.25' : '1.5';
    const winningsTax = old.winningsTax.rateBp === 1200 ? '12.5' : '12';
    try {
      // The first admin proposes it through the tote settings form.
      await page.goto('/backoffice/tote/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Pool split and tax settings' })).toBeVisible();
      await page.getByLabel('Bet type', { exact: true }).selectOption(BET_TYPE);
      await page.getByLabel('Regulator share (%)').fill(regulator);
      await page.getByLabel('Tax on winnings (%)').fill(winningsTax);
      await page.getByLabel('Effective from (Manila date)').fill(effectiveFrom);
      await page.getByRole('button', { name: 'Propose setting' }).click();
      await expect(page.getByText(DualControlMessages.proposed)).toBeVisible();

      // Not in force: the page shows it waiting, and the history has no such setting.
      const waiting = page.getByTestId('pending-proposals');
      await expect(waiting).toContainText(title);
      await expect(waiting.getByRole('row', { name: /Regulator share/ })).toContainText(asSummary(regulator));
      await expect(waiting.getByRole('row', { name: /Tax on winnings/ })).toContainText(asSummary(winningsTax));
      const entered = page.getByTestId('settings-history').getByRole('row').filter({ hasText: effectiveFrom });
      await expect(entered).toHaveCount(0);
      expect(ratesOf(await settingOn(page.request, BET_TYPE, effectiveFrom))).toBe(ratesOf(old));
      expect(await seriousViolations(page)).toEqual([]);

      // The proposer is not offered the approval: the button is disabled with the server's reason, word for word.
      await waiting.getByRole('link', { name: 'Approvals' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
      const own = page.getByRole('article').filter({ hasText: title });
      await expect(own).toContainText('Before');
      const ownApproval = own.getByRole('button', { name: 'Approve' });
      await expect(ownApproval).toBeDisabled();
      await expect(ownApproval).toHaveAccessibleDescription(DualControlMessages.proposerCannotApprove);
      expect(await seriousViolations(page)).toEqual([]);

      // The second founding admin reads the change and approves it.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const second = await context.newPage();
        await backofficeAsSecondAdmin(second, '/backoffice/approvals');
        await expect(second.getByTestId('approvals-pending-count')).toBeVisible();
        const card = second.getByRole('article').filter({ hasText: title });
        await expect(card.getByRole('row', { name: /Regulator share/ })).toContainText(asSummary(regulator));
        await expect(card.getByRole('row', { name: /Tax on winnings/ })).toContainText(asSummary(winningsTax));
        expect(await seriousViolations(second)).toEqual([]);
        await card.getByRole('button', { name: 'Approve' }).click();
        await expect(second.getByText(DualControlMessages.approved)).toBeVisible();
        await expect(card).toHaveCount(0);
      } finally {
        await context.close();
      }

      // In force: in the settings history, and nothing of it waits any more.
      await page.goto('/backoffice/tote/settings');
      await expect(entered).toHaveCount(1);
      await expect(entered).toContainText(`Regulator share ${regulator}%`);
      await expect(entered).toContainText(`${winningsTax}% of the winnings`);
      await expect(page.getByTestId('pending-proposals')).toHaveCount(0);
      const now = await settingOn(page.request, BET_TYPE, effectiveFrom);
      expect(now.shares.find((share) => share.name === 'regulator')?.rateBp).toBe(Math.round(Number(regulator) * 100));
      expect(now.winningsTax.rateBp).toBe(Math.round(Number(winningsTax) * 100));
      // The rest of the setting is the one in force before, unchanged.
      expect(now.stampTax).toEqual(old.stampTax);
      expect(now.shares.filter((share) => share.name !== 'regulator')).toEqual(
        old.shares.filter((share) => share.name !== 'regulator'),
      );
    } finally {
      await restoreSetting(page, old, title);
    }
  });
});

/** The approval settings in force, as the proposal form sends them. */
async function approvalSettingsNow(api: APIRequestContext): Promise<ApprovalSettingsInput> {
  const answer = await api.get(ApprovalRoutes.settings);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { depositSecondApprovalAbove, adjustmentSecondApprovalAbove, promoSecondApprovalAbove, dailyApprovalLimits } =
    (await answer.json()) as ApprovalSettingsResponse;
  return { depositSecondApprovalAbove, adjustmentSecondApprovalAbove, promoSecondApprovalAbove, dailyApprovalLimits };
}

test.describe('the approval settings on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a new promo amount from the approval settings form applies only once a second admin approves it', async ({
    page,
  }) => {
    await backofficeAsFirstAdmin(page, '/backoffice/deposit-accounts');
    const origin = new URL(page.url()).origin;
    const old = await approvalSettingsNow(page.request);
    // ₱200 more: only promos of this spec come near the amount, and a promo to credit needs approval anyway.
    const proposed = old.promoSecondApprovalAbove + 200_00;
    const pesos = (centavos: number) => (centavos / 100).toFixed(2);
    const label = 'Promos need a second admin to go live when one player could get more than (₱)';
    try {
      const settings = page.getByTestId('approval-settings');
      await expect(settings.getByLabel(label)).toHaveValue(pesos(old.promoSecondApprovalAbove));
      await settings.getByLabel(label).fill(pesos(proposed));
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings.getByText(DualControlMessages.proposed)).toBeVisible();

      // Waiting, with what it changes; the amount in force is the old one, also after a reload.
      const waiting = settings.getByTestId('pending-proposals');
      await expect(waiting).toContainText('Approval settings');
      await expect(waiting).toContainText(formatPeso(proposed));
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await expect(page.getByTestId('approval-settings').getByLabel(label)).toHaveValue(
        pesos(old.promoSecondApprovalAbove),
      );
      expect((await approvalSettingsNow(page.request)).promoSecondApprovalAbove).toBe(old.promoSecondApprovalAbove);

      // The second founding admin approves it: in force.
      await approveAsSecondAdmin(origin, 'Approval settings');
      await page.reload();
      await expect(page.getByTestId('approval-settings').getByLabel(label)).toHaveValue(pesos(proposed));
      await expect(page.getByTestId('pending-proposals')).toHaveCount(0);
    } finally {
      // Back as it was: a proposal still waiting is rejected, an applied one proposed back and approved.
      const second = await secondAdminApi(origin);
      const waiting = await pendingRequest(second, 'Approval settings');
      if (waiting) {
        const rejected = await second.post(DualControlRoutes.reject(waiting.id), {
          data: { note: 'E2E: restoring the approval settings' },
        });
        expect(rejected.ok(), await rejected.text()).toBe(true);
      } else if ((await approvalSettingsNow(page.request)).promoSecondApprovalAbove !== old.promoSecondApprovalAbove) {
        const back = await page.request.post(ApprovalRoutes.settings, { data: old });
        expect(back.ok(), await back.text()).toBe(true);
        await approveAsSecondAdmin(origin, 'Approval settings');
      }
      expect((await approvalSettingsNow(page.request)).promoSecondApprovalAbove).toBe(old.promoSecondApprovalAbove);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a promo paying to credit waits for a second admin and only then can players claim it', async ({
    page,
    request,
    browser,
  }) => {
    const code = `DC${uniqueSuffix()}`.slice(0, 20).toUpperCase();
    const name = `Credit ${code}`;
    const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await admin.bringToFront();
    await backofficeAsFirstAdmin(admin, '/backoffice/promos');

    // The first admin creates a ₱30 promo paid to the credit balance: saved, not live.
    await admin.goto('/backoffice/promos');
    await expect(admin.getByRole('heading', { level: 1, name: 'Promos' })).toBeVisible();
    const form = admin.getByTestId('promo-create-form');
    await form.getByLabel('Promo code').fill(code);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('₱30 to credit for the e2e run');
    await form.getByLabel('Credit to').selectOption('CREDIT');
    await form.getByLabel('Reward (₱)').fill('30');
    await form.getByLabel('Claims in total').fill('10');
    await form.getByRole('button', { name: 'Create promo' }).click();
    await expect(form.getByText(`Promo ${code} created.`)).toContainText(DualControlMessages.proposed);

    // The list and the promo's page say it waits for approval and cannot be claimed; nothing to resume.
    const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: code, exact: true }) });
    await expect(row.getByTestId('promo-state')).toHaveText('Waiting for approval');
    await expect(row.getByTestId('promo-awaiting-approval')).toContainText('Players cannot claim it');
    await expect(row.getByRole('button', { name: `Resume ${code}` })).toHaveCount(0);
    await expect(admin.getByTestId('approvals-pending-count')).toBeAttached();
    expect(await seriousViolations(admin)).toEqual([]);
    await row.getByRole('link', { name: code, exact: true }).click();
    const details = admin.getByTestId('promo-details');
    await expect(details.getByTestId('promo-state')).toHaveText('Waiting for approval');
    await expect(details.getByTestId('promo-awaiting-approval')).toContainText('Players cannot claim it');
    expect(await seriousViolations(admin)).toEqual([]);

    // A player cannot claim it yet: not on the promo page, and its code is refused.
    await signInAsNewPlayer(page, request);
    await page.goto('/promo');
    await expect(page.getByTestId('promo-list')).toBeVisible();
    await expect(page.locator(`[data-testid="promo-card"][data-code="${code}"]`)).toHaveCount(0);
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByTestId('promo-failure-message')).toHaveText(PromoMessages.notAvailable);
    await page.getByTestId('promo-failure').getByRole('button', { name: 'OK' }).click();

    // The second founding admin approves it on the Approvals page, on a phone.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const second = await context.newPage();
      await backofficeAsSecondAdmin(second, '/backoffice/approvals');
      const card = second.getByRole('article').filter({ hasText: `Promo ${code}` });
      await expect(card.getByRole('row', { name: /Paid to/ })).toContainText('Credit Balance');
      await expect(card.getByRole('row', { name: /Most one player can get/ })).toContainText('₱30.00');
      // The page fits the phone: nothing wider than the screen.
      expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(second)).toEqual([]);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(second.getByText(DualControlMessages.approved)).toBeVisible();
    } finally {
      await context.close();
    }

    // Live: the back office says Active, and the player claims it to their credit balance.
    await admin.reload();
    await expect(details.getByTestId('promo-state')).toHaveText('Active');
    await expect(details.getByTestId('promo-awaiting-approval')).toHaveCount(0);
    await page.goto('/promo');
    const live = page.locator(`[data-testid="promo-card"][data-code="${code}"]`);
    await expect(live).toContainText(name);
    await expect(live.getByTestId('promo-credit-to')).toHaveText('Credit Balance');
    await live.getByRole('button', { name: 'Claim Promo' }).click();
    await page.getByTestId('promo-confirm').getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('promo-success')).toContainText(PromoMessages.claimed);
    await admin.context().close();
  });
});
