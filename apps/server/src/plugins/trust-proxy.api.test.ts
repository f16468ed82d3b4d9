import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.ts';
import { uniqueMobile } from '../../test/factories.ts';

/*
 * Every per-IP limit keys on request.ip. A client that rotates X-Forwarded-For must stay one client: the
 * header counts only as far as trusted proxies vouch for it (TRUST_PROXY), and not at all when unset.
 */
describe(`client address behind proxies (${testDialect})`, () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });
  async function appWith(env: Record<string, string>) {
    const t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '3', CONTACT_RATE_LIMIT: '2', ...env });
    apps.push(t);
    return t;
  }

  let n = 0;
  /** A new made-up address at each call: what an attacker puts in the header. */
  const spoofed = () => `203.0.113.${(n += 1) % 250}`;

  /** A failed login: the address the server saw is kept on its row. */
  async function failedLogin(t: TestApp, remoteAddress: string, forwardedFor?: string) {
    const mobileNo = uniqueMobile();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { mobileNo, password: 'not-the-password' },
    });
    const row = await t.app.db
      .selectFrom('login_failures')
      .select('ip')
      .where('mobile_no', '=', mobileNo)
      .executeTakeFirst();
    return { status: response.statusCode, ip: row?.ip ?? null };
  }

  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith({ TRUST_PROXY: '1' });
    });

    it('takes the address the proxy appended, not what the client wrote before it', async () => {
      expect(await failedLogin(t, '10.0.0.1', `${spoofed()}, 198.51.100.1`)).toEqual({
        status: 400,
        ip: '198.51.100.1',
      });
      // Nothing forwarded: the socket's address.
      expect((await failedLogin(t, '10.0.0.9')).ip).toBe('10.0.0.9');
    });

    it('still limits a client that rotates X-Forwarded-For', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await failedLogin(t, '10.0.0.1', `${spoofed()}, 198.51.100.2`)).status);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // Another client behind the same proxy is not caught by it.
      expect((await failedLogin(t, '10.0.0.1', `${spoofed()}, 198.51.100.3`)).status).toBe(400);
    });

    it('limits the contact form by the same address', async () => {
      const submit = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact/submit',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `${spoofed()}, 198.51.100.4` },
          payload: { name: 'Ana Cruz', email: 'ana@example.ph', reason: 'Support', notes: 'Hello' },
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await submit()).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });

  describe('TRUST_PROXY with the proxies\u2019 addresses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    });

    it('skips every trusted proxy from the right and stops at the first other address', async () => {
      expect((await failedLogin(t, '10.0.0.1', `${spoofed()}, 198.51.100.5, 10.2.0.7`)).ip).toBe('198.51.100.5');
    });

    it('ignores the header from a peer that is not a trusted proxy', async () => {
      expect((await failedLogin(t, '198.51.100.6', `${spoofed()}, 10.0.0.3`)).ip).toBe('198.51.100.6');
    });
  });

  describe('TRUST_PROXY unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith({});
    });

    it('ignores X-Forwarded-For: the socket is the client, rotating the header changes nothing', async () => {
      expect((await failedLogin(t, '198.51.100.7', spoofed())).ip).toBe('198.51.100.7');
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await failedLogin(t, '198.51.100.7', spoofed())).status);
      expect(statuses).toEqual([400, 400, 429]);
    });
  });
});
