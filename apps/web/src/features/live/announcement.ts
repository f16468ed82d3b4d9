/**
 * The one-time announcement popup (docs/product/screens.md#schedule-and-announcement): shown until the player closes
 * it, then remembered under 'announcementDate' with the date of the announcement, so a newer one shows again.
 */
export const ANNOUNCEMENT_KEY = 'announcementDate';
export const ANNOUNCEMENT_DATE = '2025-03-28';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function shouldShowAnnouncement(storage: Storage | null): boolean {
  try {
    return storage?.getItem(ANNOUNCEMENT_KEY) !== ANNOUNCEMENT_DATE;
  } catch {
    return true;
  }
}

export function rememberAnnouncement(storage: Storage | null): void {
  try {
    storage?.setItem(ANNOUNCEMENT_KEY, ANNOUNCEMENT_DATE);
  } catch {
    // Storage blocked (private mode): it shows again next time, nothing worse.
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
