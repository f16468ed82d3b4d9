import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import {
  BackofficeRoutes,
  formatPeso,
  PromoMessages,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, backofficeLogin, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';

/**
 * The promo page at 390 px against the demo promos the server seeds with DEMO=1 (docs/product/promos.md):
 * a new player claims the welcome bonus through the confirm sheet and sees the bonus balance
 * and the history entry; a code typed in lowercase claims the code-only promo; while a promo is active
 * every card reads 'Has Active Promo'; a settled bet placed under the rebate promo earns its 5% as bonus;
 * a promo an admin creates in the back office reaches the player; a claimed promo keeps its reward in the
 * back office editor (at 390 and 1280 px). Every test makes its own player (and
 * race day, where it bets).
 */

const WELCOME = 'WELCOME';
const REBATE = 'REBATE5';
const CODE_ONLY = 'KARERA50';

function card(page: Page, code: string): Locator {
  return page.locator(`[data-testid="promo-card"][data-code="${code}"]`);
}

async function bonusBalance(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const text = (await page.getByTestId('account-bonus').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** Pesos as the page writes them ('₱1,234.50') in centavos. */
function centavosOf(text: string): number {
  return Math.round(Number(text.replace(/[₱,]/g, '')) * 100);
}

/** Today's race day of this test with one race (1 Bagyo, 2 Alon, 3 Hangin), open for betting. */
async function createOpenRace(request: APIRequestContext) {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Rebate ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
    enabledBetTypes: [],
  });
  for (const [runnerNo, horseName] of [
    ['1', 'Bagyo'],
    ['2', 'Alon'],
    ['3', 'Hangin'],
  ] as const) {
    await adminPost(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName,
      jockeyName: `Jockey ${runnerNo}`,
    });
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

/** Claims a listed promo through its card, the bottom confirm sheet and the loader; answers the success popup. */
async function claimThroughCard(page: Page, code: string): Promise<Locator> {
  await card(page, code).getByRole('button', { name: 'Claim Promo' }).click();
  const sheet = page.getByTestId('promo-confirm');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Claim', exact: true }).click();
  const success = page.getByTestId('promo-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText(PromoMessages.claimed);
  return success;
}

test('a new player claims the welcome bonus: the bonus balance rises and the claim is in the history', async ({
  page,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/promo');
  await expect(page.getByRole('heading', { level: 1, name: 'Promos' })).toBeVisible();
  await expect(page.getByTestId('promo-active')).toContainText('No Active Promo');
  await expect(page.getByRole('tab', { name: 'Available Promo' })).toHaveAttribute('aria-selected', 'true');

  // Every field of a promo card (docs/product/promos.md#promos-on-offer) on the welcome card.
  const welcome = card(page, WELCOME);
  await expect(welcome.getByTestId('promo-credit-to')).toHaveText('Promo Balance');
  await expect(welcome.getByTestId('promo-reward')).toHaveText('₱100.00');
  await expect(welcome.getByTestId('promo-daily-deposit')).toHaveText('₱0.00');
  await expect(welcome.getByTestId('promo-account-age')).toHaveText('--');
  await expect(welcome.getByTestId('promo-unused')).toHaveText('1');
  expect(await seriousViolations(page)).toEqual([]);

  // An empty code is refused at once.
  await page.getByTestId('promo-code-submit').click();
  const alert = page.getByTestId('alert-dialog');
  await expect(alert).toContainText(PromoMessages.codeRequired);
  await alert.getByRole('button', { name: 'OK' }).click();

  const before = await bonusBalance(page);
  const success = await claimThroughCard(page, WELCOME);
  await expect(success.getByTestId('promo-success-bonus')).not.toHaveText(before);
  const after = (await success.getByTestId('promo-success-bonus').textContent()) ?? '';
  await success.getByRole('button', { name: 'OK' }).click();

  // The stored balances follow the answer: the account menu shows the new bonus balance.
  expect(await bonusBalance(page)).toBe(after);
  expect(Number(after.replace(/[₱,]/g, '')) - Number(before.replace(/[₱,]/g, ''))).toBe(100);
  // Once per player, and without a duration it holds no active slot: 'Claimed', and still no active promo.
  await expect(card(page, WELCOME).getByTestId('promo-claim')).toHaveText('Claimed');
  await expect(card(page, WELCOME).getByTestId('promo-claim')).toBeDisabled();
  await expect(page.getByTestId('promo-active')).toContainText('No Active Promo');

  await page.getByRole('tab', { name: 'Promo History' }).click();
  await expect(page).toHaveURL(/[?&]type=history/);
  const entry = page.getByTestId('promo-claim-card').first();
  await expect(entry).toContainText('Welcome');
  await expect(entry.getByTestId('promo-earnings')).toHaveText('₱100.00');
  await expect(entry.getByTestId('promo-claim-status')).toHaveText('Claimed');
  await expect(entry.getByTestId('promo-expiry')).toHaveText('--');

  // ?type=history opens the history on its own.
  await page.goto('/promo?type=history');
  await expect(page.getByRole('tab', { name: 'Promo History' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('promo-claim-card')).toHaveCount(1);

  expect(await seriousViolations(page)).toEqual([]);
});

test('a promo code typed in lowercase claims the code-only promo', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/promo');
  await expect(page.getByTestId('promo-list')).toBeVisible();
  // Reachable only by its code: not on the list.
  await expect(card(page, CODE_ONLY)).toHaveCount(0);

  await page.getByLabel('Promo code').fill(CODE_ONLY.toLowerCase());
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  const success = page.getByTestId('promo-success');
  await expect(success).toContainText(PromoMessages.claimed);
  // The claim's answer names the promo, though no card on the page does.
  await expect(success.getByTestId('promo-success-name')).toHaveText('Karera Fan Bonus');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Promo code')).toHaveValue('');

  await page.getByRole('tab', { name: 'Promo History' }).click();
  await expect(page.getByTestId('promo-claim-card').first()).toBeVisible();

  // The same code again: the server's refusal, then 'Please try again later.'.
  await page.getByRole('tab', { name: 'Available Promo' }).click();
  await page.getByLabel('Promo code').fill(CODE_ONLY.toLowerCase());
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  const failure = page.getByTestId('promo-failure');
  await expect(page.getByTestId('promo-failure-message')).toHaveText(PromoMessages.playerLimit);
  await expect(failure).toContainText(PromoMessages.tryAgain);
  await failure.getByRole('button', { name: 'OK' }).click();

  // A code that does not exist.
  await page.getByLabel('Promo code').fill('nosuchcode');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByTestId('promo-failure-message')).toHaveText(PromoMessages.notFound);
});

test('while a promo is active every card reads Has Active Promo and the strip shows it', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.goto('/promo');
  const success = await claimThroughCard(page, REBATE);
  await success.getByRole('button', { name: 'OK' }).click();

  const strip = page.getByTestId('promo-active');
  await expect(strip).toContainText('Active Promo');
  await expect(page.getByTestId('promo-active-name')).toBeVisible();
  await expect(page.getByTestId('promo-active-until')).toContainText('Until');

  const buttons = page.getByTestId('promo-claim');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(/^(Has Active Promo|Claimed)$/);
  }
  await expect(card(page, WELCOME).getByTestId('promo-claim')).toHaveText('Has Active Promo');

  // A code cannot get round it: the server refuses a second active promo.
  await page.getByLabel('Promo code').fill(WELCOME.toLowerCase());
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByTestId('promo-failure-message')).toHaveText(PromoMessages.activePromo);
  await page.getByTestId('promo-failure').getByRole('button', { name: 'OK' }).click();

  await page.getByRole('tab', { name: 'Promo History' }).click();
  await expect(page.getByTestId('promo-claim-card').first().getByTestId('promo-claim-status')).toHaveText('Active');
});

test('a Win placed under the rebate promo earns 5% of its stake as bonus when the race is settled', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E rebate funding' },
    { 'idempotency-key': `e2e-rebate-${uniqueSuffix()}` },
  );
  const { event, race } = await createOpenRace(request);

  // REBATE5 through its card, the confirm sheet and the popup: no reward now, the bonus comes with settled bets.
  await page.goto('/promo');
  const success = await claimThroughCard(page, REBATE);
  await expect(success.getByTestId('promo-success-name')).toHaveText('Rebate 5%');
  const bonusBefore = centavosOf((await success.getByTestId('promo-success-bonus').textContent()) ?? '');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('promo-active-name')).toHaveText('Rebate 5%');

  // ₱100.00 on 2 Alon from the live screen, paid from credit.
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱500.00');
  await page.getByRole('button', { name: 'Bet on 2 Alon', exact: true }).click();
  await slip.getByTestId('slip-amount').fill('100');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱100.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱100.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱400.00');
  await expect(receipt.getByTestId('receipt-bonus-tag')).toHaveCount(0);
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  expect(ticketNo).not.toBe('');
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();

  // The admin closes betting and confirms 2-1-3.
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[2], [1], [3]],
    idempotencyKey: `e2e-rebate-result-${race.raceId}`,
  });

  // The settled ticket: 5% of ₱100.00 earned as bonus.
  await page.goto('/history?type=bet');
  await expect(page.getByRole('tab', { name: 'Race Bet' })).toHaveAttribute('aria-selected', 'true');
  const ticket = page.getByRole('article', { name: `Ticket ${ticketNo}` });
  await expect(ticket).toBeVisible();
  const earned = ticket.locator('div').filter({ has: page.getByText('Bonus earned', { exact: true }) });
  await expect(earned.locator('dd')).toHaveText('₱5.00');

  // The bonus balance rose by it (read again from the header).
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('account-bonus')).toHaveText(formatPeso(bonusBefore + 500));
  await page.keyboard.press('Escape');

  // The claim's total earnings on the promo history.
  await page.goto('/promo?type=history');
  const claim = page.getByTestId('promo-claim-card').first();
  await expect(claim).toContainText('Rebate 5%');
  await expect(claim.getByTestId('promo-claim-status')).toHaveText('Active');
  await expect(claim.getByTestId('promo-earnings')).toHaveText('₱5.00');
});

test('a promo an admin creates in the back office reaches the players', async ({ page, request, browser }) => {
  const code = `E2E${uniqueSuffix()}`.slice(0, 20).toUpperCase();
  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  // The admin's page is the one in front: focus moves only in the active page, and the test checks it.
  await admin.bringToFront();
  await backofficeLogin(admin);
  await admin.goto('/backoffice/promos');
  await expect(admin.getByRole('heading', { level: 1, name: 'Promos' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Promos, with their claims and what they have paid' })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  const form = admin.getByTestId('promo-create-form');
  await form.getByRole('button', { name: 'Create promo' }).click();
  // Checked with the shared schema before anything is sent.
  await expect(form.getByText('Name cannot be empty.')).toBeVisible();

  await form.getByLabel('Promo code').fill(code.toLowerCase());
  await form.getByLabel('Name').fill(`Test ${code}`);
  await form.getByLabel('Description').fill('₱25 for the e2e run');
  await form.getByLabel('Reward (₱)').fill('25');
  await form.getByLabel('Claims in total').fill('50');
  await form.getByLabel('Duration (hours)').fill('30');
  await form.getByRole('button', { name: 'Create promo' }).click();
  await expect(form.getByText(`Promo ${code} created.`)).toBeVisible();

  // The same code again: the server's refusal beside the code field, not above the form.
  await form.getByLabel('Promo code').fill(code);
  await form.getByLabel('Name').fill(`Copy ${code}`);
  await form.getByLabel('Description').fill('The same code twice');
  await form.getByLabel('Reward (₱)').fill('10');
  await form.getByRole('button', { name: 'Create promo' }).click();
  const codeField = form.getByLabel('Promo code');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(new RegExp(PromoMessages.codeTaken.replace(/\./g, '\\.')));
  await expect(form.getByText(PromoMessages.codeTaken)).toHaveCount(1);
  await expect(codeField).toBeFocused();

  const player = await signInAsNewPlayer(page, request);
  await page.goto('/promo');
  const created = card(page, code);
  await expect(created).toContainText(`Test ${code}`);
  await expect(created.getByTestId('promo-remaining')).toHaveText('50');
  await expect(created.getByTestId('promo-duration')).toHaveText('1 day 6 hours');
  const success = await claimThroughCard(page, code);
  await expect(success.getByTestId('promo-success-bonus')).toHaveText('₱25.00');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('promo-active-name')).toHaveText(`Test ${code}`);

  // The back office sees the claim.
  await admin.getByRole('link', { name: code }).click();
  await expect(admin.getByTestId('promo-details')).toContainText('₱25.00');
  expect(await seriousViolations(admin)).toEqual([]);
  await expect(admin.getByRole('region', { name: 'Claims of this promo, newest first' })).toContainText(
    player.mobileNo,
  );
  await admin.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}x${viewport.height}: once players claimed a promo, its reward cannot be edited, its words can`, async ({
    page,
    request,
    browser,
  }) => {
    const code = `E2L${uniqueSuffix()}`.slice(0, 20).toUpperCase();
    const { promo } = await adminPost<{ promo: { id: number } }>(request, '/api/backoffice/promos', {
      promoCode: code,
      name: `Locked ${code}`,
      description: 'A peso of bonus',
      creditTo: 'BONUS',
      kind: 'fixed',
      rewardAmount: 100,
      rateBasisPoints: 0,
      rewardCap: 0,
      remaining: 999,
      perPlayerLimit: 1,
      dailyDepositReq: 0,
      accountDaysReq: 0,
      validityInHours: 0,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      codeOnly: true,
    });
    await signInAsNewPlayer(page, request);
    const claimed = await page.request.post('/api/promo/claim', {
      data: { promoCode: code, idempotencyKey: `e2e-${uniqueSuffix()}` },
    });
    expect(((await claimed.json()) as { statusCode: number }).statusCode).toBe(200);

    const admin = await (await browser.newContext({ viewport })).newPage();
    await admin.bringToFront();
    await backofficeLogin(admin);
    await admin.goto(`/backoffice/promos/${promo.id}`);
    await admin.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = admin.getByTestId('promo-edit-form');
    await expect(form.getByTestId('promo-reward-locked')).toHaveText(PromoMessages.rewardClaimed);
    await expect(form.getByLabel('Kind')).toBeDisabled();
    await expect(form.getByLabel('Kind')).toHaveAccessibleDescription(new RegExp(PromoMessages.rewardClaimed));
    await expect(form.getByLabel('Credit to')).toBeDisabled();
    await expect(form.getByLabel('Reward (₱)')).toBeDisabled();
    await expect(form.getByLabel('Reward (₱)')).toHaveValue('1.00');
    expect(await seriousViolations(admin)).toEqual([]);

    await form.getByLabel('Description').fill('A peso of bonus, thanks for playing');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Promo saved.' })).toBeVisible();
    await expect(admin.getByTestId('promo-details')).toContainText('A peso of bonus, thanks for playing');
    await expect(admin.getByTestId('promo-details')).toContainText('₱1.00');
    await admin.context().close();
  });
}
