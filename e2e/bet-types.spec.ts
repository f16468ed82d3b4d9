import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import { BackofficeRoutes, type FlagBetType, type GameEvent, type PlayerAccountKind } from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { createRaceDay, RACE_CARD } from './raceDay.ts';

/**
 * The bet types beyond Win on the live screen at 390 px: a Trifecta with several runners per place, a
 * Pick4 across its leg races, a WTA whose odd amount is refused, a bet paid from bonus first, and the
 * how-to-bet drawer. Every test has its own player, funded through the back-office adjustment API, and
 * its own race day (opened with /live?event=<id>) whose races enable the types it needs.
 */

test.use({ viewport: { width: 390, height: 844 } });

const CARD = RACE_CARD;

const createOpenRaceDay = (request: APIRequestContext, raceCount: number, enabledBetTypes: FlagBetType[]) =>
  createRaceDay(request, { label: 'Types', raceCount, enabledBetTypes });

/** A back-office adjustment into the player's credit or bonus balance (centavos). */
async function fund(request: APIRequestContext, playerId: number, account: PlayerAccountKind, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account, amount, reason: `E2E bet types ${account}` },
    { 'idempotency-key': `e2e-types-${uniqueSuffix()}` },
  );
}

/**
 * Opens the race day as a player who has seen the one-time announcement, then refreshes the balance
 * from the header (the stored login predates the funding) until the slip shows the funded credit.
 */
async function openRaceDay(page: Page, event: GameEvent, credit: string) {
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(slipOf(page).getByTestId('slip-credit')).toHaveText(credit);
}

const slipOf = (page: Page) => page.getByTestId('bet-slip');
const chooseType = (page: Page, name: string) =>
  page.getByTestId('bet-types').getByRole('button', { name, exact: true }).click();
const betOn = (page: Page, runnerNo: string) => {
  const horse = CARD.find(([no]) => no === runnerNo)?.[1] ?? '';
  return page.getByRole('button', { name: `Bet on ${runnerNo} ${horse}`, exact: true });
};
/** The slip's row of a place ('1st', ...) or of a leg ('Race 2', ...): tapping its label makes it take the picks. */
const slipPlace = (page: Page, label: string): Locator =>
  slipOf(page)
    .getByTestId('slip-place')
    .filter({ has: page.getByText(label, { exact: true }) });

/** At 390 px the slip's place rows and balances are in its sheet, opened from the slip bar. */
async function openSlip(page: Page) {
  const toggle = slipOf(page).getByTestId('slip-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(slipOf(page).getByTestId('slip-sheet')).toBeVisible();
}

/** Escape closes the sheet (the focus is in the slip), uncovering the runners. */
async function closeSlip(page: Page) {
  await page.keyboard.press('Escape');
  await expect(slipOf(page).getByTestId('slip-toggle')).toHaveAttribute('aria-expanded', 'false');
}

/** Makes a place or leg take the picks from its slip row. */
async function choosePlace(page: Page, label: string) {
  await openSlip(page);
  await slipPlace(page, label)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
  await closeSlip(page);
}

/** Counts the page's placeBet calls, to show a refusal happened before any call. */
function countPlaceBetCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/api/game/placeBet')) calls += 1;
  });
  return () => calls;
}

/** The ticket's card in Transaction History's Race Bet tab. */
async function historyTicket(page: Page, ticketNo: string): Promise<Locator> {
  await page.goto('/history?type=bet');
  await expect(page.getByRole('tab', { name: 'Race Bet' })).toHaveAttribute('aria-selected', 'true');
  const ticket = page.getByRole('article', { name: `Ticket ${ticketNo}` });
  await expect(ticket).toBeVisible();
  return ticket;
}

const pickRow = (ticket: Locator, label: string) => ticket.getByRole('row', { name: label });

test('a Trifecta with several runners per place shows its combinations and cost live, then its receipt and ticket', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 'credit', 50_000);
  const event = await createOpenRaceDay(request, 1, ['TRI']);
  await openRaceDay(page, event, '₱500.00');

  await chooseType(page, 'Trifecta');
  const slip = slipOf(page);
  await expect(slip.getByTestId('slip-place')).toHaveCount(3);
  await expect(slip.getByTestId('slip-amount')).toHaveValue('1');

  // 1st: 1 or 2; 2nd: 1, 2 or 3; 3rd: 3, then also 4. Combinations repeating a runner do not count.
  await betOn(page, '1').click();
  await betOn(page, '2').click();
  await expect(slipPlace(page, '1st').getByTestId('slip-place-runners')).toHaveText('1, 2');
  await choosePlace(page, '2nd');
  await expect(betOn(page, '1')).toHaveAttribute('aria-pressed', 'false');
  for (const runnerNo of ['1', '2', '3']) await betOn(page, runnerNo).click();
  await expect(slip.getByTestId('slip-combinations')).toHaveText('0');
  await choosePlace(page, '3rd');
  await betOn(page, '3').click();
  await expect(slip.getByTestId('slip-combinations')).toHaveText('2');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱2.00');
  await betOn(page, '4').click();
  await expect(slip.getByTestId('slip-combinations')).toHaveText('6');
  await slip.getByTestId('slip-amount').fill('5');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱30.00');

  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-picks')).toHaveText('1,2-1,2,3-3,4');
  await expect(receipt).toContainText('₱5.00 x 6');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱30.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱470.00');
  await expect(receipt.getByTestId('receipt-bonus-tag')).toHaveCount(0);
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  expect(ticketNo).not.toBe('');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱470.00');
  await expect(page.getByTestId('player-balance')).toContainText('₱470.00');

  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();
  await expect(slip.getByTestId('slip-combinations')).toHaveText('0');
  await expect(slip.getByTestId('slip-amount')).toHaveValue('1');

  const ticket = await historyTicket(page, ticketNo);
  await expect(ticket.getByRole('heading', { name: 'Trifecta · Race 1' })).toBeVisible();
  await expect(ticket).toContainText('₱5.00 x 6');
  await expect(ticket).toContainText('₱30.00');
  await expect(pickRow(ticket, '1st')).toContainText('1, 2');
  await expect(pickRow(ticket, '2nd')).toContainText('1, 2, 3');
  await expect(pickRow(ticket, '3rd')).toContainText('3, 4');
  await expect(ticket.getByText('Use Bonus Bet')).toHaveCount(0);
});

test('a Pick4 takes picks in each of its four leg races, All picking a whole leg', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 'credit', 50_000);
  const event = await createOpenRaceDay(request, 4, ['PICK4']);
  await openRaceDay(page, event, '₱500.00');

  await chooseType(page, 'Pick4');
  const slip = slipOf(page);
  const legs = page.getByTestId('leg-tabs');
  await expect(legs.getByRole('button')).toHaveCount(4);
  await expect(legs.getByRole('button', { name: 'Race 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(slip.getByTestId('slip-amount')).toHaveValue('2');

  await betOn(page, '1').click();
  await legs.getByRole('button', { name: 'Race 2', exact: true }).click();
  await expect(betOn(page, '1')).toHaveAttribute('aria-pressed', 'false');
  await betOn(page, '2').click();
  await betOn(page, '3').click();
  // All on race 3's slip row picks its six runners and then reads Clear.
  await openSlip(page);
  await slip.getByRole('button', { name: 'Pick every runner for Race 3' }).click();
  await expect(slip.getByRole('button', { name: 'Clear the picks for Race 3' })).toBeVisible();
  await expect(slipPlace(page, 'Race 3').getByTestId('slip-place-runners')).toHaveText('1, 2, 3, 4, 5, 6');
  await closeSlip(page);
  await legs.getByRole('button', { name: 'Race 3', exact: true }).click();
  await expect(betOn(page, '6')).toHaveAttribute('aria-pressed', 'true');
  await expect(slip.getByTestId('slip-combinations')).toHaveText('0');
  await legs.getByRole('button', { name: 'Race 4', exact: true }).click();
  await betOn(page, '5').click();
  await expect(slip.getByTestId('slip-combinations')).toHaveText('12');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱24.00');

  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-picks')).toHaveText('1/2,3/1,2,3,4,5,6/5');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱24.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱476.00');
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱476.00');

  const ticket = await historyTicket(page, ticketNo);
  await expect(ticket.getByRole('heading', { name: 'Pick4 · Races 1/2/3/4' })).toBeVisible();
  await expect(ticket).toContainText('₱2.00 x 12');
  await expect(pickRow(ticket, 'Race 2')).toContainText('2, 3');
  await expect(pickRow(ticket, 'Race 3')).toContainText('1, 2, 3, 4, 5, 6');
});

test('a WTA refuses an odd amount before any call and takes an even one', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 'credit', 50_000);
  const event = await createOpenRaceDay(request, 7, ['WTA']);
  await openRaceDay(page, event, '₱500.00');
  const placeBetCalls = countPlaceBetCalls(page);

  await chooseType(page, 'WTA');
  const slip = slipOf(page);
  const legs = page.getByTestId('leg-tabs');
  await expect(legs.getByRole('button')).toHaveCount(7);
  const picks = ['1', '2', '3', '4', '5', '6', '1'];
  for (const [index, runnerNo] of picks.entries()) {
    const leg = legs.getByRole('button', { name: `Race ${index + 1}`, exact: true });
    await leg.click();
    await expect(leg).toHaveAttribute('aria-pressed', 'true');
    await betOn(page, runnerNo).click();
    await expect(betOn(page, runnerNo)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(slip.getByTestId('slip-combinations')).toHaveText('1');

  await slip.getByTestId('slip-amount').fill('3');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱3.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Bet not placed' });
  await expect(refusal).toContainText('WTA bet should be even amount only.');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(refusal).toBeHidden();
  expect(placeBetCalls()).toBe(0);
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱500.00');

  await slip.getByTestId('slip-amount').fill('4');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-picks')).toHaveText(picks.join('/'));
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱4.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱496.00');
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱496.00');
  expect(placeBetCalls()).toBe(1);

  const ticket = await historyTicket(page, ticketNo);
  await expect(ticket.getByRole('heading', { name: 'WTA · Races 1/2/3/4/5/6/7' })).toBeVisible();
  await expect(ticket).toContainText('₱4.00 x 1');
});

test('with use-bonus on, the bonus balance pays first and credit the rest; the ticket is tagged Use Bonus Bet', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 'credit', 5_000);
  await fund(request, player.playerId, 'bonus', 10_000);
  const event = await createOpenRaceDay(request, 1, []);
  await openRaceDay(page, event, '₱50.00');
  const slip = slipOf(page);
  await expect(slip.getByTestId('slip-bonus')).toHaveText('₱100.00');

  // Two Win picks at ₱60: ₱120, more than the credit alone.
  await betOn(page, '2').click();
  await betOn(page, '5').click();
  await slip.getByTestId('slip-amount').fill('60');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱120.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Bet not placed' });
  await expect(refusal).toContainText('You have insufficient balance.');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(refusal).toBeHidden();

  const useBonus = slip.getByTestId('slip-use-bonus');
  await openSlip(page);
  await useBonus.click();
  await expect(useBonus).toBeChecked();
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-bonus-tag')).toHaveText('Use Bonus Bet');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱120.00');
  await expect(receipt.getByTestId('receipt-bonus')).toHaveText('₱0.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱30.00');
  const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();
  // A placed bet turns the switch off again (docs/product/screens.md#bet-slip).
  await expect(useBonus).not.toBeChecked();
  await expect(slip.getByTestId('slip-bonus')).toHaveText('₱0.00');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱30.00');

  const ticket = await historyTicket(page, ticketNo);
  await expect(ticket.getByText('Use Bonus Bet')).toBeVisible();
  await expect(ticket.getByRole('heading', { name: 'Win · Race 1' })).toBeVisible();
  await expect(ticket).toContainText('₱60.00 x 2');
});

test('How to bet opens a labelled side drawer on the chosen type, keeps focus, closes on Escape and links to the tutorial and rules', async ({
  page,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  const event = await createOpenRaceDay(request, 4, ['TRI', 'PICK4']);
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);

  await chooseType(page, 'Trifecta');
  const open = page.getByRole('button', { name: 'How to bet' });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'How to bet' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Trifecta (TRI)' })).toBeVisible();
  await expect(drawer.getByTestId('how-to-bet-rule')).toHaveText('first 3 in exact order');
  await expect(drawer.getByTestId('how-to-bet-minimum')).toHaveText('₱1.00');
  await expect(drawer.getByTestId('how-to-bet-win-limit')).toHaveText('₱17,000.00');
  await expect(drawer).toContainText('The slip has 3 places in finishing order.');

  // A panel along the right edge, the full height of the phone.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? [Math.round(box.x + box.width), Math.round(box.y), Math.round(box.height)] : null;
    })
    .toEqual([390, 0, 844]);

  expect(await seriousViolations(page, '[data-testid="how-to-bet-drawer"]')).toEqual([]);

  // Tabbing goes round the drawer's controls and never reaches the page behind it (inert while the
  // modal is open); past the last control the browser may take focus to its own UI, then back in.
  const focusPlace = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'browser';
      return focused.closest('[data-testid="how-to-bet-drawer"]') ? 'drawer' : 'page';
    });
  expect(await focusPlace()).toBe('drawer');
  const visited: string[] = [];
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    visited.push(await focusPlace());
  }
  expect(visited).not.toContain('page');
  expect(visited.at(-1)).toBe('drawer');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();

  // The drawer follows the chosen type.
  await chooseType(page, 'Pick4');
  await open.click();
  await expect(drawer.getByRole('heading', { name: 'Pick4 (PICK4)' })).toBeVisible();
  await expect(drawer.getByTestId('how-to-bet-minimum')).toHaveText('₱2.00');
  await expect(drawer.getByTestId('how-to-bet-win-limit')).toHaveText('₱22,000.00');
  await expect(drawer).toContainText('The ticket covers 4 consecutive races.');
  await drawer.getByRole('link', { name: 'Bet tutorial' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/tutorial-bet' && url.searchParams.get('type') === 'PICK4');
  await expect(page.getByRole('dialog', { name: 'How to bet' })).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
  await page.getByRole('button', { name: 'How to bet' }).click();
  await page
    .getByRole('dialog', { name: 'How to bet' })
    .getByRole('link', { name: 'Bet rules and pool table' })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/betrules');
});
