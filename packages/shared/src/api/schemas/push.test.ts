import { describe, expect, it } from 'vitest';
import { pushEndpointSchema } from './push.ts';

describe('a push subscription endpoint', () => {
  it('is an https address, or http on a loopback host (a test push service)', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:DEF_123',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx?x=1',
      'http://127.0.0.1:41647/push/1',
      'http://localhost:3000/x',
      'http://[::1]:9000/x',
    ]) {
      expect(pushEndpointSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'http://push.example.com/x',
      'http://127.0.0.1.example.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com/x#frag',
      'ftp://fcm.googleapis.com/x',
      'https://fcm.googleapis.com/a b',
      'javascript:alert(1)',
      `https://fcm.googleapis.com/${'a'.repeat(1100)}`,
    ]) {
      expect(pushEndpointSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
