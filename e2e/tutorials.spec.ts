import { expect, type Locator, type Page } from './test.ts';
import { BettingRoutes, PaymentRoutes, PromoRoutes, UserRoutes } from '@karera/shared';
import { playerTest as test } from './support.ts';
import { seriousViolations, settleAnimations } from './axe.ts';

/** The tours (docs/product/screens.md#tutorials), as the list names them, and their routes. */
const TOURS = [
  { id: 'changepassword', name: 'Change password', path: '/tutorial-changepassword' },
  { id: 'bet', name: 'Place a bet', path: '/tutorial-bet' },
  { id: 'deposit', name: 'Deposit', path: '/tutorial-deposit' },
  { id: 'withdraw', name: 'Withdraw', path: '/tutorial-withdraw' },
  { id: 'promo', name: 'Claim a promo', path: '/tutorial-promo' },
  { id: 'rebate', name: 'Rebate', path: '/tutorial-rebate' },
] as const;

const DISABLED = ['Update account', 'Wallet history', 'Bet history', 'Bonus balance'];

/** Calls that move money or change the account: a tour must never make one. */
const FORBIDDEN = [
  BettingRoutes.placeBet,
  PromoRoutes.claim,
  PaymentRoutes.initiateDeposit,
  PaymentRoutes.initiateWithdraw,
  UserRoutes.changePassword,
];

function watchForbiddenCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (FORBIDDEN.some((route) => pathname.toLowerCase() === route.toLowerCase())) calls.push(pathname);
  });
  return calls;
}

function tooltipOf(page: Page): Locator {
  return page.getByTestId('tour-tooltip');
}

async function stepCount(page: Page): Promise<number> {
  const counter = await tooltipOf(page).locator('.tour-tooltip__counter').textContent();
  const match = /Step 1 of (\d+)/.exec(counter ?? '');
  expect(match, `first step counter: ${counter}`).not.toBeNull();
  return Number(match?.[1]);
}

/**
 * The open step as the player meets it: its counter, the focus inside the tooltip, the tooltip at most
 * 320 px wide and inside the 390 px viewport, and the highlighted element on the inert mock.
 */
async function expectStep(page: Page, current: number, total: number) {
  const tooltip = tooltipOf(page);
  await expect(tooltip.locator('.tour-tooltip__counter')).toHaveText(`Step ${current} of ${total}`);
  await expect
    .poll(() => tooltip.evaluate((element) => element.contains(document.activeElement)), {
      message: `focus inside the tooltip at step ${current}`,
    })
    .toBe(true);
  await expect(tooltip).toBeInViewport();
  const box = await tooltip.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.width).toBeLessThanOrEqual(320);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const target = await tooltip.getAttribute('data-target');
  const highlighted = page.getByTestId('tour-mock').locator(`[data-tour="${target}"]`);
  await expect(highlighted, `step ${current}: the element it highlights`).toHaveCount(1);
  await expect(highlighted).toBeVisible();
  await expect(page.getByTestId('tour-spotlight')).toBeVisible();
}

async function expectBackOnList(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/tutorial');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeVisible();
  await expect(tooltipOf(page)).toHaveCount(0);
}

test('/tutorial lists the six tours to start and the four still to come, which cannot start', async ({ page }) => {
  await page.goto('/tutorial');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeVisible();
  const active = page.getByTestId('tutorial-active');
  await expect(active).toHaveCount(TOURS.length);
  for (const tour of TOURS) {
    const card = active.filter({ has: page.getByRole('heading', { name: tour.name, exact: true }) });
    await expect(card.getByRole('link', { name: 'Start tour' })).toHaveAttribute('href', tour.path);
  }

  const disabled = page.getByTestId('tutorial-disabled');
  await expect(disabled).toHaveCount(DISABLED.length);
  for (const name of DISABLED) {
    const card = disabled.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText('Coming soon');
    // Nothing to start it with: no link, no button; a tap on it goes nowhere.
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card.getByRole('button')).toHaveCount(0);
    await card.click();
    await expect(page).toHaveURL((url) => url.pathname === '/tutorial');
  }
  await expect(tooltipOf(page)).toHaveCount(0);
});

for (const tour of TOURS) {
  test(`the ${tour.id} tour from start to finish with the buttons`, async ({ page }) => {
    const forbidden = watchForbiddenCalls(page);
    await page.goto('/tutorial');
    await page
      .getByTestId('tutorial-active')
      .filter({ has: page.getByRole('heading', { name: tour.name, exact: true }) })
      .getByRole('link', { name: 'Start tour' })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === tour.path);
    await expect(page.getByTestId('tour-mock')).toHaveAttribute('inert', '');
    const total = await stepCount(page);
    expect(total).toBeGreaterThanOrEqual(5);
    // From the list (an in-app navigation): the focus lands in the tooltip, not on the page.
    await expectStep(page, 1, total);
    await expect(tooltipOf(page)).toBeFocused();
    const tooltip = tooltipOf(page);
    await expect(tooltip.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // One step on and back again.
    await tooltip.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 2, total);
    await tooltip.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 1, total);

    for (let step = 1; step < total; step += 1) {
      await expectStep(page, step, total);
      await tooltip.getByRole('button', { name: 'Next' }).click();
    }
    await expectStep(page, total, total);
    await expect(tooltip.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await tooltip.getByRole('button', { name: 'Finish' }).click();
    await expectBackOnList(page);

    // Skip tour, from the middle of the tour, also returns to the list.
    await page.goto(tour.path);
    await tooltip.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 2, total);
    await tooltip.getByRole('button', { name: 'Skip tour' }).click();
    await expectBackOnList(page);
    expect(forbidden).toEqual([]);
  });

  test(`the ${tour.id} tour from start to finish with the keyboard, and Escape stops it`, async ({ page }) => {
    const forbidden = watchForbiddenCalls(page);
    await page.goto(tour.path);
    const total = await stepCount(page);
    await expectStep(page, 1, total);
    await expect(tooltipOf(page)).toBeFocused();

    await page.keyboard.press('ArrowLeft'); // Nothing before the first step.
    await expectStep(page, 1, total);
    for (let step = 2; step <= total; step += 1) {
      await page.keyboard.press('ArrowRight');
      await expectStep(page, step, total);
    }
    await page.keyboard.press('ArrowLeft');
    await expectStep(page, total - 1, total);
    await page.keyboard.press('ArrowRight');
    await expectStep(page, total, total);
    // The last step's right arrow is Finish.
    await page.keyboard.press('ArrowRight');
    await expectBackOnList(page);

    // The tooltip's buttons work from the keyboard too, and Escape stops the tour from any step.
    await page.goto(tour.path);
    await expectStep(page, 1, total);
    await page.keyboard.press('Tab');
    await expect(tooltipOf(page).getByRole('button', { name: 'Skip tour' })).toBeFocused();
    await page.keyboard.press('Tab'); // Previous is disabled on the first step: on to Next.
    await expect(tooltipOf(page).getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectStep(page, 2, total);
    await expect(tooltipOf(page).getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectBackOnList(page);
    expect(forbidden).toEqual([]);
  });
}

test('/tutorial-bet?type=PICK4 starts the bet tour on Pick4', async ({ page }) => {
  await page.goto('/tutorial-bet?type=PICK4');
  const mock = page.getByTestId('tour-mock');
  await expect(mock.locator('.bet-types:not(.bet-types--legs) [aria-pressed="true"]')).toHaveText('Pick4');
  // A Pick4 ticket: a leg tab and a slip row for each of its 4 races.
  await expect(mock.locator('[data-tour="legs"] button')).toHaveText(['Race 1', 'Race 2', 'Race 3', 'Race 4']);
  await expect(mock.locator('.bet-slip__place')).toHaveCount(4);
  const total = await stepCount(page);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 2, total);
  const tooltip = tooltipOf(page);
  await expect(tooltip.getByRole('heading')).toHaveText('Highlighted: Bet type: Pick4');
  await expect(tooltip).toContainText('4 consecutive races');
  await expect(mock.locator('[data-tour="betType"]')).toHaveAttribute('data-code', 'PICK4');
  await expect(mock.locator('[data-tour="betType"]')).toBeInViewport();
  await page.keyboard.press('ArrowRight');
  await expect(tooltip.getByRole('heading')).toContainText('The races of your ticket');
  await expect(tooltip).toContainText('4 races in a row');
});

test('the deposit, withdraw and rebate tours tell the processing times and the 5% example', async ({ page }) => {
  await page.goto('/tutorial-deposit');
  const tooltip = tooltipOf(page);
  let total = await stepCount(page);
  for (let step = 1; step < total; step += 1) await page.keyboard.press('ArrowRight');
  await expect(tooltip).toContainText('credited within 5 minutes');
  await expect(page.getByTestId('tour-mock').getByTestId('tour-popup')).toContainText(
    'Please wait for our agent to verify your deposit.',
  );

  await page.goto('/tutorial-withdraw');
  total = await stepCount(page);
  for (let step = 1; step < total; step += 1) await page.keyboard.press('ArrowRight');
  await expect(tooltip).toContainText('processed within 30 minutes to 1 hour');

  await page.goto('/tutorial-rebate');
  await expect(tooltip).toContainText('5% of every bet');
  for (let step = 1; step <= 4; step += 1) await page.keyboard.press('ArrowRight');
  await expect(tooltip.getByRole('heading')).toContainText('Bonus earned');
  await expect(tooltip).toContainText('₱5.00 goes to your bonus balance');
  await expect(page.getByTestId('tour-mock').locator('[data-tour="earned"]')).toContainText('₱5.00');
});

test("the promo tour walks the page's claim flow: Claim Promo, the confirm sheet, the success popup", async ({
  page,
}) => {
  const forbidden = watchForbiddenCalls(page);
  await page.goto('/tutorial-promo');
  const mock = page.getByTestId('tour-mock');
  await expect(mock.locator('[data-tour="active"]')).toContainText('No Active Promo');
  await expect(mock.locator('[data-tour="claim"]')).toHaveText('Claim Promo');
  for (let step = 1; step <= 4; step += 1) await page.keyboard.press('ArrowRight');
  await expect(mock.locator('[data-tour="confirm"]')).toContainText('Claim this promo?');
  await page.keyboard.press('ArrowRight');
  await expect(mock.locator('[data-tour="success"]')).toContainText('You have successfully claim the promo');
  await page.keyboard.press('ArrowRight');
  await expect(mock.locator('[data-tour="active"]')).toContainText('Active Promo');
  await expect(mock.getByText('Has Active Promo')).toBeVisible();
  // The mock is inert: a tap goes through it and nothing on it takes the focus. (A forced tap at the Claim
  // button's place would land on whatever lies over it, the tooltip included, so the browser is asked.)
  const claim = mock.locator('[data-tour="claim"]');
  expect(await claim.evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
  await claim.evaluate((element) => element instanceof HTMLElement && element.focus());
  await expect(claim).not.toBeFocused();
  await expect(mock.locator('[data-tour="active"]')).toContainText('Active Promo');
  expect(forbidden).toEqual([]);
});

test('the tutorials have no serious accessibility violations', async ({ page }) => {
  await page.goto('/tutorial');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const tour of TOURS) {
    await page.goto(tour.path);
    const total = await stepCount(page);
    await expectStep(page, 1, total);
    expect(await seriousViolations(page), `${tour.path} step 1`).toEqual([]);
    for (let step = 1; step < total; step += 1) await page.keyboard.press('ArrowRight');
    await expectStep(page, total, total);
    expect(await seriousViolations(page), `${tour.path} last step`).toEqual([]);
  }
});

test.describe('on a wider screen', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the tooltip stays 320 px wide, inside the viewport and beside the element it explains', async ({ page }) => {
    await page.goto('/tutorial-deposit');
    const total = await stepCount(page);
    const tooltip = tooltipOf(page);
    for (let step = 1; step <= total; step += 1) {
      await expect(tooltip.locator('.tour-tooltip__counter')).toHaveText(`Step ${step} of ${total}`);
      await expect(tooltip).toBeInViewport();
      const target = await tooltip.getAttribute('data-target');
      const element = page.getByTestId('tour-mock').locator(`[data-tour="${target}"]`);
      await expect(element).toBeInViewport();
      // The page may still be scrolling to the step, and the tooltip re-places itself when its text
      // wraps anew: measure once both are at rest.
      await settleAnimations(page);
      const measure = async () => {
        const [tip, box] = await Promise.all([tooltip.boundingBox(), element.boundingBox()]);
        if (!tip || !box) return null;
        // Just below the element, or just above it: never far from it.
        const gap = Math.min(Math.abs(tip.y - (box.y + box.height)), Math.abs(box.y - (tip.y + tip.height)));
        return { width: tip.width, left: tip.x, right: tip.x + tip.width, nextToElement: gap < 40 };
      };
      await expect
        .poll(measure, {
          message: `step ${step}: tooltip 320 px wide, inside the viewport, next to [data-tour="${target}"]`,
        })
        .toEqual({ width: 320, left: expect.any(Number), right: expect.any(Number), nextToElement: true });
      const placed = await measure();
      expect(placed?.left).toBeGreaterThanOrEqual(0);
      expect(placed?.right).toBeLessThanOrEqual(1024);
      await page.keyboard.press('ArrowRight');
    }
    await expectBackOnList(page);
  });
});
