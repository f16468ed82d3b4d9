import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type Race,
} from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';

/**
 * A Double that wins, on the live screen's My tickets panel, at 390x844 and 1280x800, in English and
 * Filipino: once its second leg's result is in, the panel shows what the ticket paid as the server
 * recorded it: the gross, the tax withheld from the winnings (PD 1157) and the net to credit.
 *
 * Worked by hand under the EO 194 defaults (decision 049): ₱20 on 1/1 and ₱80 on 2/2, gross ₱100.00; shares
 * 18% = ₱18.00; the Double's stamp tax is ₱0.05 per ₱1: ₱1.00 + ₱4.00; net ₱77.00 over ₱20 on 1/1 = 3.85,
 * down to 3.80: the ticket pays ₱76.00, 10% of its ₱56.00 winnings (₱5.60) withheld, ₱70.40 to credit.
 */

async function doubleDay(request: APIRequestContext) {
  const day = raceDaySchedule(2);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Double Paid ${uniqueSuffix()}`,
    arena: 'Metro Turf',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: ['DD'],
  });
  const races: Race[] = [];
  for (let raceNo = 1; raceNo <= 2; raceNo += 1) {
    const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: day.start(raceNo),
      enabledBetTypes: ['DD'],
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
    races.push(race);
  }
  return { event, races: races as [Race, Race] };
}

async function placeDouble(page: Page, event: GameEvent, race: Race, selections: number[][], amount: number) {
  const placed = await page.request.post(BettingRoutes.placeBet, {
    data: {
      raceId: race.raceId,
      eventId: event.id,
      betType: 'DD',
      selections,
      amount,
      useBonus: false,
      idempotencyKey: `e2e-double-paid-${uniqueSuffix()}`,
    },
  });
  const receipt = (await placed.json()) as BetReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  return receipt.ticket_no;
}

async function result(request: APIRequestContext, race: Race) {
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-double-paid-result-${race.raceId}`,
  });
}

const LANGUAGES = {
  en: { panel: 'My tickets', badge: '✓ All legs won', gross: 'Winnings (gross)', net: 'Net to your credit' },
  fil: {
    panel: 'Mga tiket ko',
    badge: '✓ Panalo lahat',
    gross: 'Kabuuang panalo (gross)',
    net: 'Netong pumasok sa credit mo',
  },
} as const;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const language of ['en', 'fil'] as const) {
    test.describe(`at ${viewport.width}x${viewport.height} in ${language}`, () => {
      test.use({ viewport });

      test('a winning Double shows its gross, the tax withheld and the net on the live screen', async ({
        page,
        request,
      }) => {
        const texts = LANGUAGES[language];
        const player = await signInAsNewPlayer(page, request);
        await adminPost(
          request,
          BackofficeRoutes.adjustments(player.playerId),
          { account: 'credit', amount: 10_000, reason: 'E2E double paid funding' },
          { 'idempotency-key': `e2e-double-paid-fund-${uniqueSuffix()}` },
        );
        const { event, races } = await doubleDay(request);
        const [first, second] = races;
        const winner = await placeDouble(page, event, first, [[1], [1]], 2_000);
        await placeDouble(page, event, first, [[2], [2]], 8_000);

        await page.addInitScript((lang) => {
          window.localStorage.setItem('announcementDate', '2025-03-28');
          window.localStorage.setItem('language', lang);
        }, language);
        await page.goto(`/live?event=${event.id}`);
        await expect(page.getByTestId('event-name')).toHaveText(event.name);
        const panel = page.getByRole('region', { name: texts.panel });
        const ticket = panel.locator(`[data-ticket-no="${winner}"]`);
        await expect(ticket).toBeVisible();
        await expect(ticket.getByTestId('my-ticket-gross')).toHaveCount(0);

        // Both legs' results through the back office; the open screen hears of them over the socket.
        await result(request, first);
        await result(request, second);
        await expect(ticket.getByTestId('my-ticket-badge')).toHaveText(texts.badge);
        await expect(ticket.getByTestId('my-ticket-gross')).toHaveText('₱76.00');
        await expect(ticket.getByTestId('my-ticket-tax')).toHaveText('₱5.60');
        await expect(ticket.getByTestId('my-ticket-net')).toHaveText('₱70.40');
        await expect(ticket.getByText(texts.gross)).toBeVisible();
        await expect(ticket.getByText(texts.net)).toBeVisible();
        // The losing Double leaves the panel once settled.
        await expect(panel.locator('[data-ticket-no]')).toHaveCount(1);

        // The figures are the server's: what the history says the ticket paid.
        const history = await page.request.post(BettingRoutes.getBetHistory, { data: { eventId: event.id } });
        const paid = (
          (await history.json()) as {
            betHistory: { ticketNo: string; grossWon: number; winningsTax: number; wonAmount: number }[];
          }
        ).betHistory.find((row) => row.ticketNo === winner);
        expect(paid).toMatchObject({ grossWon: 7_600, winningsTax: 560, wonAmount: 7_040 });
        const box = await ticket.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        await panel.scrollIntoViewIfNeeded();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
}
