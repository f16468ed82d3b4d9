import { PushOperations } from '@karera/shared';
import { callOperation } from '../callOperation.ts';

/** The server's VAPID key as the bytes `applicationServerKey` takes. */
export function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export type PushSubscribeResult = 'subscribed' | 'denied' | 'failed';

/**
 * Asks the browser for notifications (the player pressed "turn on") and, once allowed, subscribes this
 * browser with the server's VAPID key and hands the subscription to the server for the signed-in player.
 */
export async function subscribeThisBrowser(language: 'en' | 'fil'): Promise<PushSubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await callOperation(PushOperations.key);
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKeyOf(publicKey),
      }));
    const json = subscription.toJSON();
    await callOperation(PushOperations.subscribe, {
      body: {
        endpoint: subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        language,
      },
    });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}

/**
 * Before signing out: this browser stops receiving the player's notices (a shared phone must not show the
 * next person the last one's wins). The server forgets the subscription while the session still holds, then
 * the browser drops it. Quietly does nothing where there is none; never holds the sign-out long.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await callOperation(PushOperations.unsubscribe, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
