import crypto from 'node:crypto';
import { expect, test, type BrowserContext, type CDPSession, type Page, type Worker } from './test.ts';
import { BackofficeRoutes, PushRoutes } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { E2E_BASE_URL } from './env.ts';
import { createRaceDay } from './raceDay.ts';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';

/**
 * Web push (issue 35 §2) in Chromium, on a phone (390x844) and a desktop (1280x800): after a bet the receipt
 * offers notifications; the player turns them on and the browser's subscription reaches the server. A push
 * message is then delivered to the site's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage): the worker shows the notification, and a click on it opens the linked
 * ticket. After a follow the offer is a card, in Filipino too, and "not now" keeps it away. axe finds nothing
 * serious in the offer.
 *
 * Headless Chromium has no push service to subscribe with (pushManager.subscribe fails there), so the page's
 * PushManager answers with a subscription of keys made here, on a push service address the server accepts;
 * everything after it (the server's check, the worker, the click) is the real one.
 */

/** A browser subscription's JSON: a real P-256 public key and auth secret. */
function fakeSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomBytes(12).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

async function stubPushManager(page: Page, subscription: ReturnType<typeof fakeSubscription>) {
  await page.addInitScript((json) => {
    // A real browser keeps its subscription across page loads: so does the stand-in, for the tab's life.
    const KEY = 'e2e-push-subscribed';
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: () => {
        window.sessionStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = function subscribe() {
      window.sessionStorage.setItem(KEY, '1');
      return Promise.resolve(made);
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(window.sessionStorage.getItem(KEY) === '1' ? made : null);
  }, subscription);
}

/** Service worker registrations as the DevTools protocol reports them (ids for deliverPushMessage). */
async function watchRegistrations(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: () => registrations.get(`${E2E_BASE_URL}/`) };
}

/** What the tests use of the service worker's global scope (evaluated inside the worker). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

async function siteWorker(context: BrowserContext): Promise<Worker> {
  const found = context.serviceWorkers().find((worker) => worker.url().endsWith('/sw.js'));
  return found ?? context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().endsWith('/sw.js') });
}

async function deliverPush(cdp: CDPSession, registrationId: string, payload: object) {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: E2E_BASE_URL,
    registrationId,
    data: JSON.stringify(payload),
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('after a bet: turn on notifications, a pushed notice is shown and its click opens the ticket', async ({
      page,
      context,
      request,
    }) => {
      const player = await signInAsNewPlayer(page, request);
      await adminPost(
        request,
        BackofficeRoutes.adjustments(player.playerId),
        { account: 'credit', amount: 50_000, reason: 'E2E web push funding' },
        { 'idempotency-key': `e2e-push-${uniqueSuffix()}` },
      );
      await page.addInitScript(() => window.localStorage.setItem('creditBalance', '50000'));
      const event = await createRaceDay(request, { label: 'Push', raceCount: 1, enabledBetTypes: [] });
      const subscription = fakeSubscription();
      await stubPushManager(page, subscription);
      const { cdp, registrationId } = await watchRegistrations(context, page);

      await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
      await page.goto(`/live?event=${event.id}`);
      await expect(page.getByTestId('event-name')).toHaveText(event.name);
      // Never on arrival: nothing asked for it yet.
      await expect(page.getByTestId('push-prompt')).toHaveCount(0);

      await page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true }).click();
      await page.getByTestId('bet-slip').getByRole('button', { name: 'Submit Bet' }).click();
      const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
      const ticketNo = (await receipt.getByTestId('receipt-ticket').textContent())?.trim() ?? '';
      expect(ticketNo).not.toBe('');
      const offer = receipt.getByRole('region', { name: 'Notifications' });
      await expect(offer).toContainText('Want an alert when your ticket wins or is refunded, even with Karera closed?');
      expect(await seriousViolations(page, '[data-testid="push-prompt"]')).toEqual([]);

      await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
      const subscribed = page.waitForResponse((response) => response.url().endsWith(PushRoutes.subscribe));
      await offer.getByRole('button', { name: 'Turn on notifications' }).click();
      const answer = await subscribed;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ ...subscription, language: 'en' });
      await expect(offer.getByRole('status')).toHaveText('Notifications are on for this browser.');
      expect(await seriousViolations(page, '[data-testid="push-prompt"]')).toEqual([]);
      await receipt.getByRole('button', { name: 'OK' }).click();
      await expect(receipt).toBeHidden();

      // The worker controls the page; a push message for the ticket reaches it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect.poll(registrationId).toBeTruthy();
      const worker = await siteWorker(context);
      const path = `/history?type=bet&ticket=${encodeURIComponent(ticketNo)}`;
      const message = {
        id: crypto.randomUUID(),
        title: 'Your ticket won!',
        body: `Ticket ${ticketNo} won ₱2.00. It is in your balance.`,
        path,
        kind: 'ticket.won',
      };
      await deliverPush(cdp, registrationId() ?? '', message);
      const shown = () =>
        worker.evaluate(async () => {
          const scope = self as unknown as WorkerScope;
          return (await scope.registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data as unknown,
          }));
        });
      // A delivery through the DevTools protocol can be lost while the worker is busy starting (one full run in
      // several): as a push service does, the message goes again until it is shown. Its tag (the notice's id)
      // keeps it one notification however many times it arrives.
      const shownOrSentAgain = async () => {
        const now = await shown();
        if (now.length === 0) await deliverPush(cdp, registrationId() ?? '', message);
        return now;
      };
      await expect
        .poll(shownOrSentAgain)
        .toEqual([
          { title: 'Your ticket won!', body: `Ticket ${ticketNo} won ₱2.00. It is in your balance.`, data: { path } },
        ]);

      // A click on it (the worker's notificationclick) opens the ticket in the site's tab.
      await worker.evaluate(async () => {
        const scope = self as unknown as WorkerScope;
        const [notification] = await scope.registration.getNotifications();
        if (notification) scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
      await expect(page).toHaveURL((url) => url.pathname === '/history' && url.searchParams.get('ticket') === ticketNo);
      await expect(page.getByText(ticketNo).first()).toBeVisible();
      await expect.poll(shown).toEqual([]);

      // Signing out stops this browser's notices: the server forgets the subscription while the session holds.
      const unsubscribed = page.waitForResponse((response) => response.url().endsWith(PushRoutes.unsubscribe));
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByTestId('account-menu').getByRole('button', { name: 'Sign Out' }).click();
      const forgotten = await unsubscribed;
      expect(forgotten.status()).toBe(200);
      expect(forgotten.request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
      await expect(page).toHaveURL((url) => url.pathname === '/');
    });

    test('after a follow, in Filipino: the offer is a card, and "Hindi muna" keeps it away', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      const tag = uniqueSuffix().slice(-6);
      const event = await createRaceDay(request, {
        label: 'Push follow',
        raceCount: 1,
        enabledBetTypes: [],
        openRaceNos: [],
        card: [
          ['1', `Bituin ${tag}`],
          ['2', `Tala ${tag}`],
        ],
      });
      await page.addInitScript(() => {
        window.localStorage.setItem('announcementDate', '2025-03-28');
        window.localStorage.setItem('language', 'fil');
      });
      await page.goto(`/live?event=${event.id}`);
      await expect(page.getByTestId('push-prompt')).toHaveCount(0);
      const followFromSheet = async (runnerNo: string, horse: string) => {
        const row = page.locator(`[data-testid="runner"][data-runner-no="${runnerNo}"]`);
        await row.getByRole('button', { name: `Form ng ${runnerNo} ${horse}` }).click();
        const follow = page.getByTestId('form-sheet').getByTestId('follow-horse');
        await follow.click();
        await expect(follow).toHaveAttribute('aria-pressed', 'true');
        await page.getByTestId('form-sheet').getByRole('button', { name: 'Isara' }).last().click();
        await expect(page.getByTestId('form-sheet')).toBeHidden();
      };
      await followFromSheet('1', `Bituin ${tag}`);
      const card = page.getByRole('region', { name: 'Mga notification' });
      await expect(card).toContainText(
        'Gusto mo bang maabisuhan kapag malapit nang tumakbo ang kabayong sinusundan mo, kahit sarado ang Karera?',
      );
      await expect(card.getByRole('button', { name: 'I-on ang mga notification' })).toBeVisible();
      expect(await seriousViolations(page, '[data-testid="push-prompt"]')).toEqual([]);
      await card.getByRole('button', { name: 'Hindi muna' }).click();
      await expect(card).toHaveCount(0);

      // Not offered again on this device for a while, even after another follow.
      await followFromSheet('2', `Tala ${tag}`);
      await expect(page.getByTestId('push-prompt')).toHaveCount(0);
    });
  });
}
