import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  formatManilaDateTime,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * A bet in words, in English and Filipino, on a phone and a desktop: the receipt after Submit Bet names the
 * bet type and its race (number, race day, post time) as the server answered; bet history names a jackpot's
 * consolation as one and a pool nobody won as "No winner: refunded"; Bet Rules explain consolation and
 * carryover.
 */

type Language = 'en' | 'fil';

const WORDS = {
  en: {
    race: 'Race 1',
    raceDayLabel: 'Race day',
    bonusStake: 'Bonus stake not returned: a winning bet paid with bonus',
    consolation: /^Consolation ₱\d+\.\d{2}$/,
    noWinner: 'No winner: refunded',
    statementConsolation: 'Consolation · Pick4 · Races 1/2/3/4 · ',
    statementRefund: 'No winner: refunded · Win · Race 1 · ',
    rulesTab: 'English',
    rulesHeading: 'When nobody wins: consolation and carryover',
  },
  fil: {
    race: 'Karera 1',
    raceDayLabel: 'Araw ng karera',
    bonusStake: 'Hindi ibinabalik ang bonus na itinaya: kapag nanalo ang tayang galing sa bonus',
    consolation: /^Konsolasyon ₱\d+\.\d{2}$/,
    noWinner: 'Walang nanalo: ibinalik ang taya',
    statementConsolation: 'Konsolasyon · Pick4 · Mga Karera 1/2/3/4 · ',
    statementRefund: 'Walang nanalo: ibinalik ang taya · Win · Karera 1 · ',
    rulesTab: 'Tagalog',
    rulesHeading: 'Kapag walang nanalo: konsolasyon at carryover',
  },
} as const;

async function fundCredit(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E bet words funding' },
    { 'idempotency-key': `e2e-words-${uniqueSuffix()}` },
  );
}

/** The site in `language` from the first paint (as a player who chose it on this device), the welcome seen. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    window.localStorage.setItem('language', chosen);
    window.localStorage.setItem('announcementDate', '2025-03-28');
  }, language);
}

async function placeThroughApi(page: Page, body: Record<string, unknown>): Promise<BetReceipt> {
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: { useBonus: false, idempotencyKey: `e2e-words-bet-${uniqueSuffix()}`, ...body },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  return receipt;
}

async function settle(request: APIRequestContext, race: Race, finish: number[][]) {
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish,
    idempotencyKey: `e2e-words-result-${race.raceId}`,
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

      test(`the receipt names its bet type and race (${language})`, async ({ page, request }) => {
        await useLanguage(page, language);
        const player = await signInAsNewPlayer(page, request);
        await fundCredit(request, player.playerId, 50_000);
        const event: GameEvent & { races: Race[] } = await createRaceDay(request, {
          label: 'Words',
          raceCount: 1,
          enabledBetTypes: [],
        });
        await page.goto(`/live?event=${event.id}`);
        await expect(page.getByTestId('event-name')).toHaveText(event.name);
        await expect(page.locator('html')).toHaveAttribute('lang', language);

        await page.locator('[data-testid="runner"][data-runner-no="2"] button.bet-toggle').click();
        const slip = page.getByTestId('bet-slip');
        await expect(slip.getByTestId('slip-total')).toHaveText('₱1.00');
        // The Use Bonus switch says what a bonus stake does when it wins, as history does.
        await expect(slip.getByTestId('slip-bonus-note')).toContainText(words.bonusStake);
        await slip.getByTestId('slip-submit').click();

        const receipt = page.getByTestId('bet-receipt');
        await expect(receipt.getByTestId('receipt-type')).toHaveText('Win');
        await expect(receipt.getByTestId('receipt-race')).toHaveText(words.race);
        await expect(receipt.getByTestId('receipt-race-day')).toHaveText(event.name);
        await expect(receipt.getByText(words.raceDayLabel, { exact: true })).toBeVisible();
        const race = event.races[0] as Race;
        await expect(receipt.getByTestId('receipt-post-time')).toHaveText(formatManilaDateTime(race.startDateTime));
        // No code where the name goes.
        await expect(receipt.getByText('W', { exact: true })).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });

      test(`history names a consolation and a pool nobody won (${language})`, async ({ page, request }) => {
        await useLanguage(page, language);
        const player = await signInAsNewPlayer(page, request);
        await fundCredit(request, player.playerId, 50_000);
        const event = await createRaceDay(request, { label: 'Words', raceCount: 4, enabledBetTypes: ['PICK4'] });
        const [first] = event.races as [Race];
        // A Pick4 winning legs 1-3 and missing leg 4, nobody winning all four: the consolation is its.
        const pick4 = await placeThroughApi(page, {
          raceId: first.raceId,
          eventId: event.id,
          betType: 'PICK4',
          selections: [[1], [1], [1], [2]],
          amount: 1_000,
        });
        // A Win on 2 in race 1, which 1 wins and nobody backed: the Win pool is refunded.
        const win = await placeThroughApi(page, {
          raceId: first.raceId,
          eventId: event.id,
          betType: 'W',
          selections: [[2]],
          amount: 500,
        });
        for (const race of event.races) await settle(request, race, [[1], [3], [4]]);

        await page.goto('/history?type=bet');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const tickets = page.getByTestId('bet-history-list');
        const consolation = tickets
          .getByRole('article')
          .filter({ hasText: pick4.ticket_no })
          .getByTestId('ticket-outcome');
        await expect(consolation).toHaveText(words.consolation);
        await expect(consolation).toHaveAttribute('data-outcome', 'consolation');
        const refunded = tickets.getByRole('article').filter({ hasText: win.ticket_no }).getByTestId('ticket-outcome');
        await expect(refunded).toHaveText(words.noWinner);
        await expect(
          tickets.getByRole('article').filter({ hasText: win.ticket_no }).getByTestId('ticket-event'),
        ).toHaveText(event.name);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // The statement names the same bets by type, race and race day, the payout as a consolation.
        await page.goto('/statement');
        const descriptions = page.getByTestId('statement-line-description');
        await expect(descriptions.filter({ hasText: words.statementConsolation })).toHaveText(
          `${words.statementConsolation}${event.name} · Ticket ${pick4.ticket_no}`,
        );
        await expect(descriptions.filter({ hasText: words.statementRefund })).toHaveText(
          `${words.statementRefund}${event.name} · Ticket ${win.ticket_no}`,
        );
      });

      test(`Bet Rules explain consolation and carryover (${language})`, async ({ page, request }) => {
        await signInAsNewPlayer(page, request);
        await page.goto('/betrules');
        await page
          .getByRole('tablist', { name: 'Language of the rules' })
          .getByRole('tab', { name: words.rulesTab })
          .click();
        const section = page.getByTestId('betrules-no-winner');
        await expect(section.getByRole('heading', { level: 2 })).toHaveText(words.rulesHeading);
        for (const fact of ['Pick4', 'WTA', '25%', '75%', words.noWinner]) await expect(section).toContainText(fact);
      });
    }
  });
}
