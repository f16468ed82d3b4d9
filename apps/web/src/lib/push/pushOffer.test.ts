import { describe, expect, it } from 'vitest';
import { PUSH_PROMPT_QUIET_MS, pushAskable, recentlyDismissed } from './pushOffer.ts';

describe('when web push is offered', () => {
  const able = { Notification: { permission: 'default' }, PushManager: {}, navigator: { serviceWorker: {} } };

  it('only where the browser can subscribe and was not asked yet', () => {
    expect(pushAskable(able)).toBe(true);
    expect(pushAskable({ ...able, Notification: { permission: 'granted' } })).toBe(false);
    expect(pushAskable({ ...able, Notification: { permission: 'denied' } })).toBe(false);
    expect(pushAskable({ ...able, PushManager: undefined })).toBe(false);
    expect(pushAskable({ ...able, navigator: {} })).toBe(false);
    expect(pushAskable({})).toBe(false);
  });

  it('not again for a while after "not now"', () => {
    const now = Date.UTC(2026, 10, 28);
    expect(recentlyDismissed(null, now)).toBe(false);
    expect(recentlyDismissed('garbage', now)).toBe(false);
    expect(recentlyDismissed(String(now - 1000), now)).toBe(true);
    expect(recentlyDismissed(String(now - PUSH_PROMPT_QUIET_MS - 1), now)).toBe(false);
  });
});
