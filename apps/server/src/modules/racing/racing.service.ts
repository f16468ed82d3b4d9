import { sql, type Kysely, type Transaction } from 'kysely';
import {
  canTransition,
  isBettingOpen,
  isRaceLocked,
  manilaDateOfStart,
  raceDayLeavesRaceMessage,
  raceStartOffDayMessage,
  RacingMessages,
  runnersNeededToOpen,
  tooFewRunnersMessage,
  type EventInput,
  type GameEvent,
  type Race,
  type RaceInput,
  type RaceStatus,
  type RaceUpdateInput,
  type RealtimeMessage,
  type RunnerInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { PubSub } from '../events/index.ts';
import { cardedRecords } from '../form/index.ts';
import { findEvent, findRace, racesOfEvent } from './racing.repo.ts';
import { MAX_RACES_PER_EVENT } from '@karera/shared';

export interface RacingDeps {
  db: Kysely<Database>;
  pubsub: PubSub;
  /** Called once a race is cancelled, so the pools it completes are refunded (the tote's job). */
  onRaceCancelled?: (raceId: number) => Promise<void>;
  /** Called once a race stops taking bets (closed or cancelled): group tickets on it are placed or cancelled. */
  onBettingClosed?: (raceId: number) => Promise<void>;
}

/** Who changed the race card: staff from the back office, or the race-day simulator. */
export type RacingActor = AuditActor;

const createdBy = (actor: RacingActor) => (actor.type === 'staff' ? `staff:${actor.id}` : actor.type);

export function oddsMessage(race: Race): RealtimeMessage {
  return { type: 'UPDATE_ODDS', raceId: race.raceId, odds: race.runners.map((r) => r.odds) };
}

async function mustFindRace(db: Kysely<Database>, raceId: number): Promise<Race> {
  const race = await findRace(db, raceId);
  if (!race) throw notFound(RacingMessages.raceNotFound);
  return race;
}

export async function createEvent(deps: RacingDeps, actor: RacingActor, input: EventInput): Promise<GameEvent> {
  const { id } = await deps.db
    .insertInto('game_events')
    .values({
      name: input.name,
      arena: input.arena,
      stream_url: input.streamUrl,
      race_date: input.raceDate,
      enabled_bet_types: JSON.stringify(input.enabledBetTypes),
      created_by: createdBy(actor),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(deps.db, actor, {
    action: 'racing.event_created',
    targetType: 'event',
    targetId: id,
    details: { ...input },
  });
  return (await findEvent(deps.db, id)) as GameEvent;
}

/** A race starts on its race day's Manila date (decision 048): refused with the field to correct. */
function assertStartOnRaceDay(raceDate: string, startDateTime: string): void {
  const refusal = raceStartOffDayMessage(raceDate, startDateTime);
  if (refusal) throw badRequest(refusal, { startDateTime: refusal });
}

export async function updateEvent(
  deps: RacingDeps,
  actor: RacingActor,
  eventId: number,
  input: EventInput,
): Promise<GameEvent> {
  const current = await findEvent(deps.db, eventId);
  if (!current) throw notFound(RacingMessages.eventNotFound);
  if (current.raceDate !== input.raceDate) {
    const offDay = (await racesOfEvent(deps.db, eventId)).find(
      (race) => manilaDateOfStart(race.startDateTime) !== input.raceDate,
    );
    if (offDay) {
      const refusal = raceDayLeavesRaceMessage(offDay.raceNo, manilaDateOfStart(offDay.startDateTime));
      throw badRequest(refusal, { raceDate: refusal });
    }
  }
  const result = await deps.db
    .updateTable('game_events')
    .set({
      name: input.name,
      arena: input.arena,
      stream_url: input.streamUrl,
      race_date: input.raceDate,
      enabled_bet_types: JSON.stringify(input.enabledBetTypes),
    })
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound(RacingMessages.eventNotFound);
  await recordAudit(deps.db, actor, {
    action: 'racing.event_updated',
    targetType: 'event',
    targetId: eventId,
    details: { ...input },
  });
  return (await findEvent(deps.db, eventId)) as GameEvent;
}

export async function createRace(
  deps: RacingDeps,
  actor: RacingActor,
  eventId: number,
  input: RaceInput,
): Promise<Race> {
  const event = await findEvent(deps.db, eventId);
  if (!event) throw notFound(RacingMessages.eventNotFound);
  const races = await racesOfEvent(deps.db, eventId);
  if (races.length >= MAX_RACES_PER_EVENT) throw badRequest(RacingMessages.tooManyRaces);
  if (races.some((r) => r.raceNo === input.raceNo))
    throw badRequest(RacingMessages.raceNoTaken, { raceNo: RacingMessages.raceNoTaken });
  assertStartOnRaceDay(event.raceDate, input.startDateTime);
  let raceId: number;
  try {
    ({ id: raceId } = await deps.db
      .insertInto('races')
      .values({
        event_id: eventId,
        race_no: input.raceNo,
        status: 'A',
        start_time: new Date(input.startDateTime).toISOString(),
        enabled_bet_types: JSON.stringify(input.enabledBetTypes.filter((t) => event.enabledBetTypes.includes(t))),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(RacingMessages.raceNoTaken, { raceNo: RacingMessages.raceNoTaken });
    throw error;
  }
  await recordAudit(deps.db, actor, {
    action: 'racing.race_created',
    targetType: 'race',
    targetId: raceId,
    details: { eventId, ...input },
  });
  return mustFindRace(deps.db, raceId);
}

export async function updateRace(
  deps: RacingDeps,
  actor: RacingActor,
  raceId: number,
  input: RaceUpdateInput,
): Promise<Race> {
  const race = await mustFindRace(deps.db, raceId);
  const event = (await findEvent(deps.db, race.eventId)) as GameEvent;
  if (input.startDateTime) assertStartOnRaceDay(event.raceDate, input.startDateTime);
  await deps.db
    .updateTable('races')
    .set({
      ...(input.startDateTime ? { start_time: new Date(input.startDateTime).toISOString() } : {}),
      ...(input.replayUrl === undefined ? {} : { replay_url: input.replayUrl === '' ? null : input.replayUrl }),
      ...(input.enabledBetTypes
        ? { enabled_bet_types: JSON.stringify(input.enabledBetTypes.filter((t) => event.enabledBetTypes.includes(t))) }
        : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', raceId)
    .execute();
  await recordAudit(deps.db, actor, {
    action: 'racing.race_updated',
    targetType: 'race',
    targetId: raceId,
    details: { ...input },
  });
  return mustFindRace(deps.db, raceId);
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one door through which a race changes status: the move must be one the state machine allows
 * from `from`, and the update is conditional on that status, so two operators (or an operator and the
 * simulator) cannot both move it. Audited in the same transaction; the caller publishes after commit.
 */
export async function moveRaceStatus(
  db: Db,
  actor: RacingActor,
  raceId: number,
  from: RaceStatus,
  to: RaceStatus,
): Promise<void> {
  if (!canTransition(from, to)) throw conflict(RacingMessages.transitionRefused);
  const now = nowIso();
  const result = await db
    .updateTable('races')
    // The first opening fixes the policies its pools settle at (the tote's settings in force then).
    .set({
      status: to,
      updated_at: now,
      ...(to === 'O' ? { opened_at: sql<string>`coalesce(opened_at, ${now})` } : {}),
    })
    .where('id', '=', raceId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(RacingMessages.transitionRefused);
  await recordAudit(db, actor, {
    action: 'racing.race_status',
    targetType: 'race',
    targetId: raceId,
    details: { from, to },
  });
}

/** Moves a race to a new status (not D: that comes only with the official result, see the tote). */
export async function transitionRace(
  deps: RacingDeps,
  actor: RacingActor,
  raceId: number,
  to: RaceStatus,
): Promise<Race> {
  const race = await mustFindRace(deps.db, raceId);
  // Done comes only with the official result, which the tote records and settles in one step.
  if (to === 'D') throw conflict(RacingMessages.resultRequired);
  if (to === 'O') await assertFieldCanOpen(deps.db, race);
  await deps.db.transaction().execute((trx) => moveRaceStatus(trx, actor, raceId, race.status, to));
  await deps.pubsub.publish([{ type: 'RACE_STATUS', raceId, status: to }]);
  if (isBettingOpen(race.status) && !isBettingOpen(to)) await deps.onBettingClosed?.(raceId);
  if (to === 'X') await deps.onRaceCancelled?.(raceId);
  return mustFindRace(deps.db, raceId);
}

/** A race opens only with a field big enough for every bet type it offers (issue 31 §12). */
async function assertFieldCanOpen(db: Kysely<Database>, race: Race): Promise<void> {
  const running = race.runners.filter((runner) => runner.status === 'A').length;
  if (running === 0) throw conflict(RacingMessages.noRunners);
  const event = await findEvent(db, race.eventId);
  const { needed, betType } = runnersNeededToOpen(race.enabledBetTypes, event?.enabledBetTypes);
  if (running < needed) throw conflict(tooFewRunnersMessage(needed, running, betType?.name ?? null));
}

function assertRunnersEditable(race: Race): void {
  if (isRaceLocked(race.status)) throw conflict(RacingMessages.raceLocked);
}

export async function addRunner(
  deps: RacingDeps,
  actor: RacingActor,
  raceId: number,
  input: RunnerInput,
): Promise<Race> {
  const race = await mustFindRace(deps.db, raceId);
  assertRunnersEditable(race);
  if (race.runners.some((r) => r.runnerNo === input.runnerNo)) {
    throw badRequest(RacingMessages.runnerNoTaken, { runnerNo: RacingMessages.runnerNoTaken });
  }
  // The horse and the jockey are records (decision 053): picked by type-ahead, or found or entered by name.
  const { horseId, horseName, jockeyId, jockeyName } = await cardedRecords(deps.db, input);
  try {
    const { id } = await deps.db
      .insertInto('runners')
      .values({
        race_id: raceId,
        runner_no: input.runnerNo,
        horse_name: horseName ?? input.horseName,
        jockey_name: jockeyName ?? input.jockeyName,
        horse_id: horseId ?? null,
        jockey_id: jockeyId ?? null,
        status: 'A',
        odds: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(deps.db, actor, {
      action: 'racing.runner_added',
      targetType: 'runner',
      targetId: id,
      details: { raceId, ...input },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest(RacingMessages.runnerNoTaken, { runnerNo: RacingMessages.runnerNoTaken });
    throw error;
  }
  return mustFindRace(deps.db, raceId);
}

async function raceOfRunner(db: Kysely<Database>, runnerId: number): Promise<Race> {
  const row = await db.selectFrom('runners').select('race_id').where('id', '=', runnerId).executeTakeFirst();
  if (!row) throw notFound(RacingMessages.runnerNotFound);
  return mustFindRace(db, row.race_id);
}

export async function updateRunner(
  deps: RacingDeps,
  actor: RacingActor,
  runnerId: number,
  input: Partial<RunnerInput>,
): Promise<Race> {
  const race = await raceOfRunner(deps.db, runnerId);
  assertRunnersEditable(race);
  if (input.runnerNo && race.runners.some((r) => r.runnerNo === input.runnerNo && r.id !== runnerId)) {
    throw badRequest(RacingMessages.runnerNoTaken, { runnerNo: RacingMessages.runnerNoTaken });
  }
  const { horseId, horseName, jockeyId, jockeyName } = await cardedRecords(deps.db, input);
  await deps.db
    .updateTable('runners')
    .set({
      ...(input.runnerNo ? { runner_no: input.runnerNo } : {}),
      ...(horseName ? { horse_name: horseName, horse_id: horseId ?? null } : {}),
      ...(jockeyName ? { jockey_name: jockeyName, jockey_id: jockeyId ?? null } : {}),
    })
    .where('id', '=', runnerId)
    .execute();
  await recordAudit(deps.db, actor, {
    action: 'racing.runner_updated',
    targetType: 'runner',
    targetId: runnerId,
    details: { ...input },
  });
  return mustFindRace(deps.db, race.raceId);
}

/** Scratching (or taking back a scratch) changes the card's odds line, which every player sees at once. */
export async function setRunnerScratched(
  deps: RacingDeps,
  actor: RacingActor,
  runnerId: number,
  scratched: boolean,
): Promise<Race> {
  const race = await raceOfRunner(deps.db, runnerId);
  assertRunnersEditable(race);
  await deps.db
    .updateTable('runners')
    .set({ status: scratched ? 'S' : 'A' })
    .where('id', '=', runnerId)
    .execute();
  await recordAudit(deps.db, actor, {
    action: scratched ? 'racing.runner_scratched' : 'racing.runner_unscratched',
    targetType: 'runner',
    targetId: runnerId,
    details: { raceId: race.raceId },
  });
  const updated = await mustFindRace(deps.db, race.raceId);
  await deps.pubsub.publish([oddsMessage(updated)]);
  return updated;
}

/** New win odds for a race's runners (hundredths by runner id), broadcast as one UPDATE_ODDS. */
export async function setRaceOdds(
  deps: RacingDeps,
  raceId: number,
  oddsByRunner: ReadonlyMap<number, number | null>,
): Promise<Race> {
  const [race] = await setOddsOfRaces(deps, new Map([[raceId, oddsByRunner]]));
  if (!race) throw notFound(RacingMessages.raceNotFound);
  return race;
}

/**
 * New odds for several races in one transaction and one broadcast frame: the live odds of every open
 * race change together, and on SQLite each write transaction waits its turn for the bet placement
 * thread's (decision 011), so one a tick rather than one a race.
 */
export async function setOddsOfRaces(
  deps: RacingDeps,
  oddsByRace: ReadonlyMap<number, ReadonlyMap<number, number | null>>,
): Promise<Race[]> {
  if (oddsByRace.size === 0) return [];
  await deps.db.transaction().execute(async (trx) => {
    for (const [raceId, oddsByRunner] of oddsByRace) {
      for (const [runnerId, odds] of oddsByRunner) {
        await trx
          .updateTable('runners')
          .set({ odds })
          .where('id', '=', runnerId)
          .where('race_id', '=', raceId)
          .execute();
      }
    }
  });
  const races = await Promise.all([...oddsByRace.keys()].map((raceId) => mustFindRace(deps.db, raceId)));
  await deps.pubsub.publish(races.map(oddsMessage));
  return races;
}
