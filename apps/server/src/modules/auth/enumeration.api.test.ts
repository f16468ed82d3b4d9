import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PlayerMessages, type RegisterResponse } from '@karera/shared';
import { buildApp } from '../../app.ts';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { PLAYER_PASSWORD, registerPlayer } from '../../../test/player-flow.ts';
import { CODE_REQUEST_ID_BASE } from './code-request-ids.ts';

/*
 * Issue 30 §2 and §3 (decision 043): forgotPassword and resendOTP must not tell which numbers have
 * accounts, at any moment. Each call is asked about known and unknown numbers several times: before and
 * after one of the unknown numbers registers, across a restart (a new app on the same database) and on two
 * instances at once; every answer (status, headers, body, and the throttle that follows) is compared, and
 * each number's id must never move.
 */

type CodeCall = 'forgotPassword' | 'resendOTP';
const CALLS: readonly CodeCall[] = ['forgotPassword', 'resendOTP'];

/** What a client can see of an answer, but what differs with the clock (date, a second of countdown). */
interface Seen {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
}

function seenOf(response: LightMyRequestResponse): Seen {
  const {
    date: _date,
    'content-length': _length,
    'x-ratelimit-reset': _reset,
    'retry-after': retryAfter,
    ...headers
  } = response.headers;
  const { playerId: _id, resendAfterSeconds, ...body } = response.json<Record<string, unknown>>();
  // A countdown read a second later is a second shorter: compared to the nearest 5 seconds.
  const rounded = (value: unknown) => (value === undefined ? undefined : Math.round(Number(value) / 5) * 5);
  return {
    status: response.statusCode,
    headers: { ...headers, 'retry-after': rounded(retryAfter) },
    body: { ...body, resendAfterSeconds: rounded(resendAfterSeconds) },
  };
}

describe(`forgotPassword and resendOTP tell no number apart, over time (${testDialect})`, () => {
  let t: TestApp;
  /** The instances on the database now: one, then a restarted one, then two. */
  let instances: FastifyInstance[] = [];
  const extra: FastifyInstance[] = [];
  /** The id each number got the first time (both calls answer it): it must never change. */
  const firstIds = new Map<string, number>();

  let address = 0;
  /** Each request from an address of its own: the per-address limit's headers are then alike too. */
  const ask = (app: FastifyInstance, call: CodeCall, mobileNo: string) =>
    app.inject({
      method: 'POST',
      url: `/api/user/${call}`,
      payload: { mobileNo },
      remoteAddress: `198.51.${100 + (address >> 8)}.${(address += 1) & 0xff}`,
    });

  /** The database, through whichever instance is up. */
  const db = () => (instances[0] as FastifyInstance).db;

  /** The numbers' requests `ms` into the past, as if that time had gone by. */
  const later = async (mobileNos: readonly string[], ms: number) => {
    for (const mobileNo of mobileNos) {
      const rows = await db()
        .selectFrom('otp_requests')
        .select(['id', 'created_at'])
        .where('mobile_no', '=', mobileNo)
        .execute();
      for (const row of rows) {
        await db()
          .updateTable('otp_requests')
          .set({ created_at: new Date(Date.parse(row.created_at) - ms).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
    }
  };

  /**
   * Asks `call` about every number twice in a row (the second at once, so throttled), on the given
   * instances in turn, and checks: every first answer alike and 200, every second alike and 429 with the
   * wait, each number's id its own and the one it always had.
   */
  async function askAll(call: CodeCall, mobileNos: readonly string[], apps: readonly FastifyInstance[]) {
    const firsts: Seen[] = [];
    const seconds: Seen[] = [];
    for (const [index, mobileNo] of mobileNos.entries()) {
      // The second request goes to the other instance when there are two: the throttle is shared.
      const first = apps[index % apps.length];
      const second = apps[(index + 1) % apps.length];
      if (!first || !second) throw new Error('no instance to ask');
      const answer = await ask(first, call, mobileNo);
      const again = await ask(second, call, mobileNo);
      firsts.push(seenOf(answer));
      seconds.push(seenOf(again));
      const { playerId } = answer.json<RegisterResponse>();
      expect(playerId, `${call} ${mobileNo}`).toBeGreaterThanOrEqual(CODE_REQUEST_ID_BASE);
      if (!firstIds.has(mobileNo)) firstIds.set(mobileNo, playerId);
      expect(playerId, `${call} ${mobileNo}: the id it had before`).toBe(firstIds.get(mobileNo));
    }
    for (const seen of firsts) expect(seen).toEqual(firsts[0]);
    for (const seen of seconds) expect(seen).toEqual(seconds[0]);
    expect(firsts[0]).toMatchObject({
      status: 200,
      body: { statusCode: 200, statusMessage: PlayerMessages.otpSent, resendAfterSeconds: 60 },
    });
    expect(seconds[0]).toMatchObject({
      status: 429,
      body: { statusCode: 429, statusMessage: PlayerMessages.otpResendWait, resendAfterSeconds: 60 },
    });
    // An hour on: the next round starts from no request, as the first did.
    await later(mobileNos, 61 * 60_000);
  }

  const verified = { mobileNo: '' };
  const unverified = { mobileNo: '' };
  const unknown = [uniqueMobile('0918'), uniqueMobile('0919')];
  /** An unknown number that registers halfway through. */
  const registering = uniqueMobile('0920');
  const everyNumber = () => [verified.mobileNo, unverified.mobileNo, ...unknown, registering];

  beforeAll(async () => {
    t = await createTestApp();
    instances = [t.app];
    verified.mobileNo = (await registerPlayer(t.app)).mobileNo;
    unverified.mobileNo = uniqueMobile('0921');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        mobileNo: unverified.mobileNo,
        firstName: 'Ana',
        lastName: 'Reyes',
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
        acceptTerms: true,
      },
    });
    expect(registered.statusCode).toBe(200);
    // Past the sign-up code's minute for the unverified account: this test is about what comes after it.
    await t.app.db
      .updateTable('otp_codes')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile_no', '=', unverified.mobileNo)
      .execute();
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await t?.close();
  });

  it('answers alike, several times, with ids that are the numbers’ own', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const call of CALLS) await askAll(call, everyNumber(), instances);
    }
    // One id per number, none of them an account's own id.
    const ids = new Set(firstIds.values());
    expect(ids.size).toBe(firstIds.size);
    const rowIds = (await db().selectFrom('players').select('id').execute()).map((row) => row.id);
    for (const id of rowIds) expect(ids.has(id)).toBe(false);
  });

  it('throttles alike over the hour: a request a minute, five an hour, then the same wait for every number', async () => {
    for (const call of CALLS) {
      const answers = new Map<string, Seen[]>();
      for (let request = 0; request < 6; request += 1) {
        for (const mobileNo of everyNumber()) {
          const seen = answers.get(mobileNo) ?? [];
          seen.push(seenOf(await ask(instances[0] as FastifyInstance, call, mobileNo)));
          answers.set(mobileNo, seen);
        }
        await later(everyNumber(), 61_000);
      }
      const [first, ...others] = [...answers.values()];
      for (const other of others) expect(other).toEqual(first);
      expect(first?.map((seen) => seen.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(first?.[5]?.body.statusMessage).toBe(PlayerMessages.otpResendLimit);
      await later(everyNumber(), 61 * 60_000);
    }
  });

  it('answers a number just registered as it did before, and as an unknown number, at once', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        mobileNo: registering,
        firstName: 'Jo',
        lastName: 'Cruz',
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
        acceptTerms: true,
      },
    });
    expect(response.statusCode).toBe(200);
    // The sign-up code went out a moment ago: resendOTP still answers 200, then 429, as for any number.
    for (const call of CALLS) await askAll(call, [registering, ...unknown], instances);
    for (const call of CALLS) await askAll(call, everyNumber(), instances);
    // Someone else registering moves nothing either.
    await registerPlayer(t.app);
    for (const call of CALLS) await askAll(call, everyNumber(), instances);
  });

  it('answers alike after a restart on the same database', async () => {
    await t.app.close();
    const restarted = await buildApp(t.config);
    extra.push(restarted);
    instances = [restarted];
    for (const call of CALLS) await askAll(call, everyNumber(), instances);
  });

  it('answers alike on two instances, which throttle each number together', async () => {
    const other = await buildApp(t.config);
    extra.push(other);
    instances = [...instances, other];
    for (let round = 0; round < 2; round += 1) {
      for (const call of CALLS) await askAll(call, everyNumber(), instances);
    }
  });
});
