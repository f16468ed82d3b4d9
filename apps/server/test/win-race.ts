import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApprovalRoutes, type AdjustmentResponse, type Race } from '@karera/shared';
import { call, type RegisteredPlayer } from './player-flow.ts';
import { secondAdminOf } from './second-admin.ts';

/** Back-office calls as a signed-in admin; the answer's body as JSON. */
export function adminPoster(app: FastifyInstance, adminCookie: string) {
  return async <T>(url: string, payload: Record<string, unknown>) =>
    (await app.inject({ method: 'POST', url, payload, headers: { cookie: adminCookie } })).json<T>();
}

/** Credits a player through the back office's adjustment (the way an operator funds an account). */
export async function fundPlayer(
  app: FastifyInstance,
  adminCookie: string,
  player: RegisteredPlayer,
  amount: number,
  account: 'credit' | 'bonus' = 'credit',
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/backoffice/players/${player.playerId}/adjustments`,
    headers: { cookie: adminCookie, 'idempotency-key': randomUUID() },
    payload: { account, amount, reason: 'Test funds' },
  });
  if (response.statusCode !== 200) throw new Error(`funding failed: ${response.body}`);
  // Above one admin's day total for the player it waits for a second admin (decision 042), as staff would.
  const answer = response.json<AdjustmentResponse>();
  if (answer.status === 'PENDING' && answer.adjustmentId !== null) {
    const { cookie } = await secondAdminOf(app);
    const approved = await app.inject({
      method: 'POST',
      url: ApprovalRoutes.approveAdjustment(answer.adjustmentId),
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: {},
    });
    if (approved.statusCode !== 200) throw new Error(`second approval of funding failed: ${approved.body}`);
  }
}

/** Adds a race with runners 1-`runners` to the event and opens betting on it. */
export async function openRace(
  app: FastifyInstance,
  adminCookie: string,
  eventId: number,
  raceNo: number,
  runners = 3,
): Promise<Race> {
  const post = adminPoster(app, adminCookie);
  // 14:00 Manila on the race day's own date: a race starts on its race day (decision 048).
  const { race_date: raceDate } = await app.db
    .selectFrom('game_events')
    .select('race_date')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
    raceNo,
    startDateTime: `${raceDate}T06:00:00Z`,
    enabledBetTypes: [],
  });
  for (let runnerNo = 1; runnerNo <= runners; runnerNo += 1) {
    await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: String(runnerNo),
      horseName: `Horse ${runnerNo}`,
      jockeyName: 'J. Cruz',
    });
  }
  await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
  return race;
}

/**
 * Places a bet as `player`: a Win of ₱1 on runner 1 unless `body` says otherwise (it names the race and
 * event), with a fresh idempotency key unless one is given.
 */
export function placeBetAs(app: FastifyInstance, player: RegisteredPlayer, body: Record<string, unknown>) {
  return call(
    app,
    '../game/placeBet',
    {
      betType: 'W',
      selections: [[1]],
      amount: 100,
      useBonus: false,
      idempotencyKey: randomUUID(),
      ...body,
    },
    player.cookie,
  );
}

/**
 * A race day of one open race, and a Win bet of ₱1 on runner 1 for a player (any field can be
 * overridden, a fresh idempotency key each time unless one is given).
 */
export async function winRaceDay(app: FastifyInstance, adminCookie: string, name: string) {
  const { event } = await adminPoster(app, adminCookie)<{ event: { id: number } }>('/api/backoffice/racing/events', {
    name,
    arena: 'Metro Turf',
    streamUrl: '',
    raceDate: '2026-11-22',
    enabledBetTypes: [],
  });
  const race = await openRace(app, adminCookie, event.id, 1);
  const bet = (player: RegisteredPlayer, body: Record<string, unknown> = {}) =>
    placeBetAs(app, player, { raceId: race.raceId, eventId: event.id, ...body });
  return { eventId: event.id, raceId: race.raceId, bet };
}
