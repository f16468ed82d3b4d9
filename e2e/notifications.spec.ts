import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  PaymentBackofficeRoutes,
  PaymentRoutes,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type GameEvent,
  type PaymentRequestReceipt,
  type Race,
} from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { approveDeposit } from './payment-approvals.ts';
import { raceDaySchedule } from './raceDay.ts';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * Notifications (decision 055) at 390x844 and 1280x800, in English and Filipino: the header's bell counts a
 * winning ticket and an approved deposit the moment they happen (over the socket, no reload), a toast says the
 * ticket won, the inbox lists both and each opens its screen; the notification settings on /account save.
 */

const TEXTS = {
  en: {
    won: 'Your ticket won!',
    deposit: 'Deposit approved',
    bell: /^Notifications/,
    save: 'Save notification settings',
    saved: 'Notification settings saved.',
    quiet: 'Use quiet hours',
    pushLost: 'Push: Ticket lost',
  },
  fil: {
    won: 'Nanalo ang tiket mo!',
    deposit: 'Aprubado ang deposito',
    bell: /^Mga abiso/,
    save: 'I-save ang mga setting ng abiso',
    saved: 'Na-save ang mga setting ng abiso.',
    quiet: 'Gamitin ang tahimik na oras',
    pushLost: 'Push: Hindi nanalong tiket',
  },
} as const;

async function oneRace(request: APIRequestContext) {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Notices ${uniqueSuffix()}`,
    arena: 'Metro Turf',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
    enabledBetTypes: [],
  });
  for (const runnerNo of ['1', '2', '3']) {
    await adminPost(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName: `Notice ${runnerNo}`,
      jockeyName: `Jockey ${runnerNo}`,
    });
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

async function deposit(page: Page, request: APIRequestContext) {
  const { account } = await adminPost<{ account: { id: number } }>(request, PaymentBackofficeRoutes.depositAccounts, {
    type: 'GCASH',
    accountName: 'Karera Notices',
    accountNumber: `0917${uniqueSuffix().replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
    active: true,
  });
  const requested = await page.request.post(PaymentRoutes.initiateDeposit, {
    data: {
      amount: 20_000,
      senderNumber: '09171234567',
      receiverNumber: account.id,
      referenceNumber: `${Date.now()}${Math.floor(Math.random() * 1000)}`,
      idempotencyKey: `e2e-notices-deposit-${uniqueSuffix()}`,
    },
  });
  const receipt = (await requested.json()) as PaymentRequestReceipt;
  expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  return receipt.transactionId;
}

for (const [viewport, language] of [
  [{ width: 390, height: 844 }, 'en'],
  [{ width: 1280, height: 800 }, 'fil'],
  [{ width: 390, height: 844 }, 'fil'],
  [{ width: 1280, height: 800 }, 'en'],
] as const) {
  test.describe(`at ${viewport.width}x${viewport.height} in ${language}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => {
        window.localStorage.setItem('announcementDate', '2025-03-28');
        window.localStorage.setItem('language', lang);
      }, language);
    });

    test('the bell counts a winning ticket and an approved deposit live; the inbox lists them and opens each', async ({
      page,
      request,
    }) => {
      const texts = TEXTS[language];
      const player = await signInAsNewPlayer(page, request);
      await adminPost(
        request,
        BackofficeRoutes.adjustments(player.playerId),
        { account: 'credit', amount: 10_000, reason: 'E2E notices funding' },
        { 'idempotency-key': `e2e-notices-fund-${uniqueSuffix()}` },
      );
      const { event, race } = await oneRace(request);
      const placed = await page.request.post(BettingRoutes.placeBet, {
        data: {
          raceId: race.raceId,
          eventId: event.id,
          betType: 'W',
          selections: [[1]],
          amount: 1_000,
          useBonus: false,
          idempotencyKey: `e2e-notices-bet-${uniqueSuffix()}`,
        },
      });
      const ticket = (await placed.json()) as BetReceipt;
      expect(ticket.statusCode, JSON.stringify(ticket)).toBe(200);
      const transactionId = await deposit(page, request);

      await page.goto('/account');
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(texts.bell);
      await expect(page.getByTestId('notification-count')).toHaveCount(0);

      // The race's result settles the ticket: the open page hears of it over the socket.
      await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
      await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
        finish: [[1], [2], [3]],
        idempotencyKey: `e2e-notices-result-${race.raceId}`,
      });
      await expect(page.getByTestId('notification-count')).toHaveText('1');
      const toast = page.getByTestId('notification-toast');
      await expect(toast).toContainText(texts.won);
      await expect(toast).toContainText(ticket.ticket_no);

      await approveDeposit(request, transactionId);
      await expect(page.getByTestId('notification-count')).toHaveText('2');

      await bell.click();
      await expect(page).toHaveURL(/\/inbox$/);
      const list = page.getByTestId('inbox-list');
      await expect(list.locator('[data-unread="true"]')).toHaveCount(2);
      await expect(list.locator('[data-kind="deposit.approved"]')).toContainText(texts.deposit);
      const won = list.locator('[data-kind="ticket.won"]');
      await expect(won).toContainText(texts.won);
      expect(await seriousViolations(page)).toEqual([]);

      // Each notice opens its screen, and is read on the way.
      await won.click();
      await expect(page).toHaveURL(new RegExp(`/history\\?type=bet&ticket=${ticket.ticket_no}$`));
      await expect(page.getByTestId('notification-count')).toHaveText('1');
    });

    test('notification settings on /account save and come back', async ({ page, request }) => {
      const texts = TEXTS[language];
      await signInAsNewPlayer(page, request);
      await page.goto('/account');
      const settings = page.getByTestId('notification-settings');
      const pushLost = settings.getByRole('checkbox', { name: texts.pushLost });
      await expect(pushLost).not.toBeChecked();
      // Keyboard only: focus the box, Space ticks it.
      await pushLost.focus();
      await page.keyboard.press('Space');
      await expect(pushLost).toBeChecked();
      await settings.getByRole('checkbox', { name: texts.quiet }).check();
      await settings.getByTestId('pref-quiet-from').fill('21:30');
      await settings.getByRole('button', { name: texts.save }).click();
      await expect(settings.getByText(texts.saved)).toBeVisible();
      expect(await seriousViolations(page, '[data-testid="notification-settings"]')).toEqual([]);

      await page.reload();
      await expect(
        page.getByTestId('notification-settings').getByRole('checkbox', { name: texts.pushLost }),
      ).toBeChecked();
      await expect(page.getByTestId('pref-quiet-from')).toHaveValue('21:30');
      await expect(page.getByTestId('pref-quiet-to')).toHaveValue('07:00');
    });
  });
}
