import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type Race,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { createRaceDay } from './raceDay.ts';
import { seriousViolations } from './axe.ts';

/**
 * Players see the arithmetic of the Philippine taxes, in English and Filipino, on a phone and a desktop.
 * A fresh e2e database has no tote settings, so a Win pool runs on the EO 194 defaults:
 *   a player puts ₱10 on runner 1 through the slip and ₱30 on runner 2 through the API; 1 wins.
 *   Gross ₱40.00; franchise commission 8.5% ₱3.40, prize fund 8.5% ₱3.40, regulator 1% ₱0.40; stamp tax
 *   ₱1.00 + ₱3.00 = ₱4.00 (₱0.10 a ticket + ₱0.10 per ₱1 above ₱1); net pool ₱28.80; dividend ₱2.80.
 *   The ₱10 ticket pays ₱28.00 gross, 10% of its ₱18.00 winnings withheld (PD 1157) = ₱1.80, ₱26.20 net;
 *   for ₱1: ₱2.80 less ₱0.18 = ₱2.62.
 * The receipt states the 10% tax; history shows gross, tax and net; /result breaks the pool down.
 */

type Language = 'en' | 'fil';

const WORDS = {
  en: {
    receiptTax: 'Winnings are taxed 10% (PD 1157): 10% of what a win pays above the stake is withheld.',
    gross: 'Winnings (gross)',
    tax: 'Tax withheld (PD 1157)',
    net: 'Net to your credit',
    breakdown: 'Pool breakdown',
    pool: 'Win · Race 1',
    lines: {
      grossSales: 'Gross sales',
      'shares.franchiseCommission': 'Franchise commission',
      'shares.prizeFund': 'Prize fund',
      'shares.regulator': 'Regulator share',
      stampTax: 'Documentary stamp tax',
      carryIn: 'Carryover in',
      netPool: 'Net pool',
      carryOut: 'Carried over to the next pool',
      taxRate: 'Tax on winnings',
    },
    taxRate: '10% of the winnings (dividend less ₱1)',
    dividend: 'Dividend for ₱1 (1)',
    netDividend: 'Net for ₱1 after tax (1)',
  },
  fil: {
    receiptTax: 'May buwis na 10% ang panalo (PD 1157): kinakaltas ang 10% ng ibinabayad na higit sa taya.',
    gross: 'Kabuuang panalo (gross)',
    tax: 'Buwis na kinaltas (PD 1157)',
    net: 'Netong pumasok sa credit mo',
    breakdown: 'Hatian ng pool',
    pool: 'Win · Karera 1',
    lines: {
      grossSales: 'Kabuuang benta',
      'shares.franchiseCommission': 'Komisyon ng prangkisa',
      'shares.prizeFund': 'Pondo ng premyo',
      'shares.regulator': 'Bahagi ng regulator',
      stampTax: 'Buwis sa selyo (documentary stamp tax)',
      carryIn: 'Dala mula sa nakaraang pool',
      netPool: 'Netong pool',
      carryOut: 'Dinala sa susunod na pool',
      taxRate: 'Buwis sa panalo',
    },
    taxRate: '10% ng panalo (dibidendo bawas ₱1)',
    dividend: 'Dibidendo sa ₱1 (1)',
    netDividend: 'Neto sa ₱1 matapos ang buwis (1)',
  },
} as const;

/** The figures of the worked example above, as the breakdown writes them. */
const FIGURES = {
  grossSales: '₱40.00',
  'shares.franchiseCommission': '− ₱3.40',
  'shares.prizeFund': '− ₱3.40',
  'shares.regulator': '− ₱0.40',
  stampTax: '− ₱4.00',
  carryIn: '+ ₱0.00',
  netPool: '₱28.80',
  carryOut: '− ₱0.00',
} as const;

/** The site in `language` from the first paint (as a player who chose it on this device), the welcome seen. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    window.localStorage.setItem('language', chosen);
    window.localStorage.setItem('announcementDate', '2025-03-28');
  }, language);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function settle(request: APIRequestContext, race: Race, finish: number[][]) {
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish,
    idempotencyKey: `e2e-tax-result-${race.raceId}`,
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const language of ['en', 'fil'] as const) {
      const words = WORDS[language];

      test(`a win reads gross, tax and net, and the result breaks its pool down (${language})`, async ({
        page,
        request,
      }) => {
        await useLanguage(page, language);
        const player = await signInAsNewPlayer(page, request);
        await adminPost(
          request,
          BackofficeRoutes.adjustments(player.playerId),
          { account: 'credit', amount: 50_000, reason: 'E2E winnings tax funding' },
          { 'idempotency-key': `e2e-tax-fund-${uniqueSuffix()}` },
        );
        const event = await createRaceDay(request, { label: 'Tax', raceCount: 1, enabledBetTypes: [] });
        const race = event.races[0] as Race;

        // ₱10 on runner 1 through the slip: the receipt states the pool's tax on winnings.
        await page.goto(`/live?event=${event.id}`);
        await expect(page.getByTestId('event-name')).toHaveText(event.name);
        await page.locator('[data-testid="runner"][data-runner-no="1"] button.bet-toggle').click();
        const slip = page.getByTestId('bet-slip');
        await slip.getByTestId('slip-amount').fill('10');
        await expect(slip.getByTestId('slip-total')).toHaveText('₱10.00');
        await slip.getByTestId('slip-submit').click();
        const receipt = page.getByTestId('bet-receipt');
        await expect(receipt.getByTestId('receipt-winnings-tax')).toHaveText(words.receiptTax);
        const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent()) ?? '';
        expect(ticketNo).not.toBe('');
        await noSidewaysScroll(page);

        // ₱30 on runner 2 through the API, then 1 wins.
        const placed = await page.request.post(BettingRoutes.placeBet, {
          data: {
            raceId: race.raceId,
            eventId: event.id,
            betType: 'W',
            selections: [[2]],
            amount: 3_000,
            useBonus: false,
            idempotencyKey: `e2e-tax-bet-${uniqueSuffix()}`,
          },
        });
        const other = (await placed.json()) as BetReceipt;
        expect(other.statusCode, JSON.stringify(other)).toBe(200);
        await settle(request, race, [[1], [2], [3]]);

        await page.goto('/history?type=bet');
        const tickets = page.getByTestId('bet-history-list');
        const winner = tickets.getByRole('article').filter({ hasText: ticketNo });
        await expect(winner.getByTestId('ticket-outcome')).toHaveAttribute('data-outcome', 'won');
        await expect(winner.getByTestId('ticket-gross-won')).toHaveText('₱28.00');
        await expect(winner.getByTestId('ticket-winnings-tax')).toHaveText('₱1.80');
        await expect(winner.getByTestId('ticket-net-won')).toHaveText('₱26.20');
        await expect(winner.getByText(words.gross, { exact: true })).toBeVisible();
        await expect(winner.getByText(words.tax, { exact: true })).toBeVisible();
        await expect(winner.getByText(words.net, { exact: true })).toBeVisible();
        // The losing ticket has no winnings to break down.
        const loser = tickets.getByRole('article').filter({ hasText: other.ticket_no });
        await expect(loser.getByTestId('ticket-outcome')).toHaveAttribute('data-outcome', 'lose');
        await expect(loser.getByTestId('ticket-gross-won')).toHaveCount(0);
        await expect(loser.getByTestId('ticket-winnings-tax')).toHaveCount(0);
        await noSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`/result?event=${event.id}&raceId=${race.raceId}`);
        await expect(page.getByTestId('result-table')).toBeVisible();
        const breakdowns = page.getByTestId('pool-breakdowns');
        await expect(breakdowns.getByRole('heading', { name: words.breakdown })).toBeVisible();
        const pool = breakdowns.locator('[data-testid="pool-breakdown"][data-bet-type="W"]');
        await expect(pool.locator('summary')).toHaveText(words.pool);
        // Folded until asked: the winners come first on a phone.
        await expect(pool.getByTestId('breakdown-line').first()).toBeHidden();
        await pool.locator('summary').click();
        for (const [key, text] of Object.entries(FIGURES)) {
          const line = pool.locator(`[data-testid="breakdown-line"][data-key="${key}"]`);
          await expect(line.locator('dt')).toHaveText(words.lines[key as keyof typeof FIGURES]);
          await expect(line.locator('dd')).toHaveText(text);
        }
        const taxRate = pool.locator('[data-testid="breakdown-line"][data-key="taxRate"]');
        await expect(taxRate.locator('dt')).toHaveText(words.lines.taxRate);
        await expect(taxRate.locator('dd')).toHaveText(words.taxRate);
        const dividend = pool.locator('[data-testid="breakdown-dividend"][data-picks="1"]');
        await expect(dividend.locator('dt')).toHaveText(words.dividend);
        await expect(dividend.locator('dd')).toHaveText('₱2.80');
        const netDividend = pool.locator('[data-testid="breakdown-net-dividend-line"][data-picks="1"]');
        await expect(netDividend.locator('dt')).toHaveText(words.netDividend);
        await expect(netDividend.locator('dd')).toHaveText('₱2.62');
        // Every figure fits in its panel, the tax in words included.
        expect(await pool.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBeLessThanOrEqual(0);
        await noSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
