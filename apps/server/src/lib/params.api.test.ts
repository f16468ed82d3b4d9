import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode, type ErrorBody, type GameEvent } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../test/test-app.ts';
import { createStaffAccount, type StaffAccountInput } from '../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../test/player-flow.ts';

/** Every other way of writing the number `id` that a lenient parser would read as it (or as 1). */
const otherSpellings = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}.0`,
  `%20${id}`,
  `${id}%20`,
  `+${id}`,
  `0${id}`,
  `${id}e0`,
  '1e0',
  '0',
  `-${id}`,
  '2147483648',
];

describe(`strict ids in paths, queries and bodies (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let player: RegisteredPlayer;
  let event: GameEvent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = await registerPlayer(t.app);
    const createStaff = async (input: StaffAccountInput) =>
      (
        await createStaffAccount(t.app, admin, {
          username: `s-${randomUUID().slice(0, 8)}`,
          password: 'staff-password-1',
          displayName: 'Staff',
          ...input,
        })
      ).id;
    const masterId = await createStaff({ role: 'master_agent' });
    const agentName = `agent-${randomUUID().slice(0, 8)}`;
    await createStaff({
      username: agentName,
      role: 'agent',
      parentId: masterId,
      referralCode: `R${randomUUID().slice(0, 6)}`,
    });
    agent = await staffCookie(t.app, agentName, 'staff-password-1');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/racing/events',
      headers: { cookie: admin },
      payload: {
        name: 'Strict ids',
        arena: 'Metro Turf',
        streamUrl: 'karera_live',
        raceDate: '2026-11-22',
        enabledBetTypes: [],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    event = made.json<{ event: GameEvent }>().event;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const expectRefused = (response: { statusCode: number; json: <T>() => T }, what: string) => {
    expect(response.statusCode, what).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.statusCode, what).toBe(StatusCode.BAD_REQUEST);
    expect(body.statusMessage, what).toBeTruthy();
  };

  it('reads a staff route’s path id only as plain digits', async () => {
    const url = (id: string) => `/api/backoffice/players/${id}`;
    expect((await get(url(String(player.playerId)), admin)).statusCode).toBe(200);
    for (const spelling of otherSpellings(player.playerId)) {
      expectRefused(await get(url(spelling), admin), spelling);
      expectRefused(await get(url(spelling), agent), `agent ${spelling}`);
    }
  });

  it('reads a race-control path id only as plain digits', async () => {
    const url = (id: string) => `/api/backoffice/racing/events/${id}`;
    expect((await get(url(String(event.id)), admin)).statusCode).toBe(200);
    for (const spelling of otherSpellings(event.id)) expectRefused(await get(url(spelling), admin), spelling);
  });

  it('reads a page number only as plain digits, and once', async () => {
    expect((await get('/api/backoffice/players?page=2', admin)).statusCode).toBe(200);
    expect((await get('/api/backoffice/players', admin)).statusCode).toBe(200);
    for (const spelling of [...otherSpellings(2), '', '100001', '2&page=3']) {
      expectRefused(await get(`/api/backoffice/players?page=${spelling}`, admin), spelling);
      expectRefused(await get(`/api/backoffice/audit?page=${spelling}`, admin), `audit ${spelling}`);
    }
  });

  it('takes a player’s and a public route’s ids only as JSON integers', async () => {
    const placeBet = (raceId: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/game/placeBet',
        headers: { cookie: player.cookie },
        payload: {
          raceId,
          eventId: event.id,
          betType: 'W',
          selections: [[1]],
          amount: 1000,
          useBonus: false,
          idempotencyKey: `k-${randomUUID()}`,
        },
      });
    const raceInfo = (eventId: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/game/getRaceInfo', payload: { eventId } });
    expect((await raceInfo(event.id)).statusCode).toBe(200);
    for (const spelling of [...otherSpellings(event.id), String(event.id), event.id + 0.5, true, null, [event.id]]) {
      expectRefused(await raceInfo(spelling), `getRaceInfo ${String(spelling)}`);
      expectRefused(await placeBet(spelling), `placeBet ${String(spelling)}`);
    }
  });

  it('refuses body ids past the largest a column holds (a fault on PostgreSQL before)', async () => {
    const tooLarge = [2 ** 31, 2 ** 53 - 1];
    for (const id of tooLarge) {
      const calls = [
        { url: '/api/game/getRaceInfo', payload: { eventId: id } },
        { url: '/api/game/getGameResult', payload: { raceId: id, eventId: event.id } },
        { url: '/api/game/getGameResult', payload: { raceId: 1, eventId: id } },
        { url: '/api/user/linkLogin', payload: { playerId: id, token: 't'.repeat(20) } },
        { url: '/api/user/linkLogin', payload: { playerId: String(id).slice(0, 10), token: 't'.repeat(20) } },
        {
          url: '/api/game/placeBet',
          payload: {
            raceId: id,
            eventId: event.id,
            betType: 'W',
            selections: [[1]],
            amount: 1000,
            useBonus: false,
            idempotencyKey: `k-${randomUUID()}`,
          },
        },
      ];
      for (const { url, payload } of calls) {
        const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: player.cookie } });
        expectRefused(response, `${url} ${JSON.stringify(payload)}`);
      }
      const staff = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/staff',
        headers: { cookie: admin },
        payload: {
          username: 'too-far',
          displayName: 'Agent',
          password: 'staff-password-1',
          role: 'agent',
          parentId: id,
        },
      });
      expectRefused(staff, `staff parentId ${id}`);
    }
  });
});
