import { describe, expect, it } from 'vitest';
import { clickTargetOf, notificationOf, safePath } from './push.ts';

describe('the service worker: push messages', () => {
  it("shows the server's payload as a notification tagged by its notice", () => {
    const shown = notificationOf(
      JSON.stringify({
        id: 'n-1',
        title: 'Your ticket won!',
        body: 'Ticket T-1 won ₱150.00.',
        path: '/history/T-1',
        kind: 'ticket.won',
      }),
    );
    expect(shown).toEqual({
      title: 'Your ticket won!',
      options: {
        body: 'Ticket T-1 won ₱150.00.',
        tag: 'notice-n-1',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { path: '/history/T-1' },
      },
    });
  });

  it('ignores what is not a notice', () => {
    expect(notificationOf(null)).toBeNull();
    expect(notificationOf('not json')).toBeNull();
    expect(notificationOf('"text"')).toBeNull();
    expect(notificationOf(JSON.stringify({ title: 'x' }))).toBeNull();
  });

  it('opens only screens of the site itself', () => {
    for (const path of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42]) {
      expect(safePath(path)).toBe('/');
    }
    expect(clickTargetOf({ path: '/history/T-1' }, 'https://karera.ph')).toBe('https://karera.ph/history/T-1');
    expect(clickTargetOf({ path: '//evil.example/x' }, 'https://karera.ph')).toBe('https://karera.ph/');
    expect(clickTargetOf(undefined, 'https://karera.ph')).toBe('https://karera.ph/');
  });
});
