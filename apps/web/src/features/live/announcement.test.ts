import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_DATE, ANNOUNCEMENT_KEY, rememberAnnouncement, shouldShowAnnouncement } from './announcement.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('announcement', () => {
  it('shows until closed, then is remembered under announcementDate with its date', () => {
    const storage = memoryStorage();
    expect(shouldShowAnnouncement(storage)).toBe(true);
    rememberAnnouncement(storage);
    expect(storage.values.get(ANNOUNCEMENT_KEY)).toBe('2025-03-28');
    expect(shouldShowAnnouncement(storage)).toBe(false);
  });

  it('shows again when an older announcement was the one seen', () => {
    expect(shouldShowAnnouncement(memoryStorage({ [ANNOUNCEMENT_KEY]: '2024-12-01' }))).toBe(true);
    expect(shouldShowAnnouncement(memoryStorage({ [ANNOUNCEMENT_KEY]: ANNOUNCEMENT_DATE }))).toBe(false);
  });

  it('copes with storage that is missing or blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(shouldShowAnnouncement(null)).toBe(true);
    expect(shouldShowAnnouncement(blocked)).toBe(true);
    expect(() => rememberAnnouncement(blocked)).not.toThrow();
  });
});
