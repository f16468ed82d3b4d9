import { useSyncExternalStore } from 'react';

/*
 * When to offer web push (issue 35 §2): never on a first visit, only right after the player does something
 * a notification would follow up (places a bet, follows a horse), only where the browser can subscribe and
 * has not been asked yet, and not again for a while once the player said "not now". Tiny on purpose: the
 * prompt itself is its own chunk, loaded only once offered.
 */

const DISMISSED_KEY = 'karera.pushPrompt.dismissedAt';
/** After "not now", the prompt waits this long before it is offered again. */
export const PUSH_PROMPT_QUIET_MS = 14 * 24 * 60 * 60 * 1000;

export type PushOfferReason = 'bet' | 'follow';

let offered: PushOfferReason | null = null;
const listeners = new Set<() => void>();

function publish(next: PushOfferReason | null) {
  offered = next;
  for (const listener of listeners) listener();
}

/** Whether this browser can take web push and has not answered the permission question yet. */
export function pushAskable(scope: {
  Notification?: { permission: string };
  PushManager?: unknown;
  navigator?: { serviceWorker?: unknown };
}): boolean {
  return (
    scope.Notification !== undefined &&
    scope.PushManager !== undefined &&
    scope.navigator?.serviceWorker !== undefined &&
    scope.Notification.permission === 'default'
  );
}

/** Whether "not now" was said recently on this device. */
export function recentlyDismissed(storedAt: string | null, now: number): boolean {
  const at = storedAt === null ? NaN : Number(storedAt);
  return Number.isFinite(at) && now - at < PUSH_PROMPT_QUIET_MS;
}

function storedDismissal(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** Offers notifications after something that wants them; does nothing where they cannot or should not be offered. */
export function offerPushNotifications(reason: PushOfferReason): void {
  if (typeof window === 'undefined' || offered !== null) return;
  if (!pushAskable(window as unknown as Parameters<typeof pushAskable>[0])) return;
  if (recentlyDismissed(storedDismissal(), Date.now())) return;
  publish(reason);
}

/** Closes the offer; `notNow` keeps it from coming back for a while on this device. */
export function closePushOffer(notNow: boolean): void {
  if (notNow) {
    try {
      window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Storage off (private mode): the offer may come back on the next bet.
    }
  }
  publish(null);
}

/** Closes the offer of this reason, if it is the one open (its moment passed: the receipt closed, the screen changed). */
export function endPushOffer(reason: PushOfferReason): void {
  if (offered === reason) publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The offer showing now, by what caused it; null when none. */
export function usePushOffer(): PushOfferReason | null {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
}
