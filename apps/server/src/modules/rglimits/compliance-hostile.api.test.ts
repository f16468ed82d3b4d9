import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AmlOperations,
  KycOperations,
  ResponsibleGamingAdminOperations,
  type Operation,
  type RgStatusResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount, type StaffAccountInput } from '../../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { rgClock } from './rglimits.service.ts';

const HOUR = 3_600_000;

/**
 * Issue 22's review: the hostile cases tried against the compliance routes (identity, responsible
 * gaming, AML) that their own suites did not already try.
 */
describe(`compliance routes against hostile use (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let master: string;

  const rg = (func: string, who: RegisteredPlayer, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/responsible-gaming/${func}`, payload, headers: { cookie: who.cookie } });
  const limitOf = async (who: RegisteredPlayer, kind: string) =>
    (await rg('status', who)).json<RgStatusResponse>().limits.find((limit) => limit.kind === kind);

  async function createStaff(body: StaffAccountInput) {
    const { id, username, password } = await createStaffAccount(t.app, admin, body);
    return { id, cookie: await staffCookie(t.app, username, password) };
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const suffix = randomUUID().slice(0, 6);
    const masterAgent = await createStaff({ username: `hm-${suffix}`, displayName: 'Master', role: 'master_agent' });
    master = masterAgent.cookie;
    ({ cookie: agent } = await createStaff({
      username: `ha-${suffix}`,
      displayName: 'Agent',
      role: 'agent',
      parentId: masterAgent.id,
      referralCode: `H${suffix}`.toUpperCase(),
    }));
  });
  afterEach(() => {
    rgClock.offsetMs = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const staffOperations: readonly Operation[] = [
    ...Object.values(KycOperations).filter((op) => op.auth === 'staff'),
    ...Object.values(AmlOperations),
    ...Object.values(ResponsibleGamingAdminOperations),
  ];

  it.each(staffOperations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    'an agent or master agent gets 403 from %s, whatever the body',
    async (_name, op) => {
      const player = await registerPlayer(t.app);
      const url = op.path.replace(':playerId', String(player.playerId)).replace(':id', '1').replace(':kind', 'selfie');
      // A body that would pass validation where there is one, so the answer is the role's, not the input's.
      const payload =
        op.method === 'GET'
          ? undefined
          : { reason: 'Hostile agent tries', note: 'Hostile agent tries', resolution: 'NO_ACTION' };
      for (const cookie of [agent, master]) {
        const response = await t.app.inject({
          method: op.method,
          url,
          ...(payload ? { payload } : {}),
          headers: { cookie },
        });
        expect(response.statusCode, `${op.method} ${url}: ${response.body}`).toBe(403);
      }
    },
  );

  it('a raise asked for twice within 24 hours waits 24 hours from the second ask; the limit in force never moves meanwhile', async () => {
    const p = await registerPlayer(t.app);
    expect((await rg('setLimit', p, { kind: 'depositDay', amount: 10_000 })).statusCode).toBe(200);
    expect((await rg('setLimit', p, { kind: 'depositDay', amount: 50_000 })).statusCode).toBe(200);
    rgClock.offsetMs = 20 * HOUR;
    expect((await rg('setLimit', p, { kind: 'depositDay', amount: 90_000 })).statusCode).toBe(200);
    const pending = await limitOf(p, 'depositDay');
    expect(pending?.amount).toBe(10_000);
    expect(pending?.pending?.amount).toBe(90_000);
    expect(Date.parse(pending?.pending?.effectiveAt ?? '') - (Date.now() + rgClock.offsetMs)).toBeGreaterThan(
      23 * HOUR,
    );
    // 25 hours after the first ask (past its own 24 hours) the old limit still holds: the first raise is gone.
    rgClock.offsetMs = 25 * HOUR;
    expect((await limitOf(p, 'depositDay'))?.amount).toBe(10_000);
    rgClock.offsetMs = 44 * HOUR + 60_000;
    expect((await limitOf(p, 'depositDay'))?.amount).toBe(90_000);
  });

  it('a removal then a raise, or the same amount again, never shortens the wait or lifts the limit at once', async () => {
    const p = await registerPlayer(t.app);
    expect((await rg('setLimit', p, { kind: 'stakePerBet', amount: 1_000 })).statusCode).toBe(200);
    expect((await rg('setLimit', p, { kind: 'stakePerBet', amount: null })).statusCode).toBe(200);
    expect((await limitOf(p, 'stakePerBet'))?.amount).toBe(1_000);
    // Asking for the limit in force again drops the pending removal rather than applying it.
    expect((await rg('setLimit', p, { kind: 'stakePerBet', amount: 1_000 })).statusCode).toBe(200);
    expect(await limitOf(p, 'stakePerBet')).toMatchObject({ amount: 1_000, pending: null });
    rgClock.offsetMs = 25 * HOUR;
    expect((await limitOf(p, 'stakePerBet'))?.amount).toBe(1_000);
  });

  it.each([
    ['zero', 0],
    ['negative', -5_000],
    ['a fraction', 1_000.5],
    ['above the maximum', 1_000_000_001],
    ['a numeric string', '5000'],
    ['a boolean', true],
  ])('refuses a limit that is %s, and keeps the one in force', async (_name, amount) => {
    const p = await registerPlayer(t.app);
    expect((await rg('setLimit', p, { kind: 'lossDay', amount: 20_000 })).statusCode).toBe(200);
    const refused = await rg('setLimit', p, { kind: 'lossDay', amount });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await limitOf(p, 'lossDay'))?.amount).toBe(20_000);
  });

  it("refuses unknown fields, and another player's id in the body (a player sets only their own limits)", async () => {
    const p = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    // Another player's id is refused as a session that is not theirs (the body's sessionId + playerId pair), never
    // followed.
    expect((await rg('setLimit', p, { kind: 'lossDay', amount: 20_000, playerId: other.playerId })).statusCode).toBe(
      401,
    );
    expect((await rg('setRealityCheck', p, { minutes: 60, playerId: other.playerId })).statusCode).toBe(401);
    for (const payload of [
      { kind: 'lossDay', amount: 20_000, effectiveAt: '2020-01-01T00:00:00.000Z' },
      { kind: 'lossDay', amount: 20_000, pending: null },
      JSON.parse('{"kind":"lossDay","amount":20000,"__proto__":{"amount":null}}') as object,
    ]) {
      const refused = await rg('setLimit', p, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await limitOf(p, 'lossDay'))?.amount).toBeNull();
    expect((await limitOf(other, 'lossDay'))?.amount).toBeNull();
  });
});
