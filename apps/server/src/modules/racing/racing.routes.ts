import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardProgress,
  GameOperations,
  isStreamAllowed,
  manilaDate,
  RacingAdminOperations,
  RacingMessages,
  type CalendarDate,
  type EventInput,
  type RaceUpdateInput,
} from '@karera/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff } from '../staff/index.ts';
import { dayCards, findEvent, listEvents, raceCounts, racesOfEvent } from './racing.repo.ts';
import {
  addRunner,
  createEvent,
  createRace,
  setRunnerScratched,
  transitionRace,
  updateEvent,
  updateRace,
  updateRunner,
  type RacingDeps,
} from './racing.service.ts';

export const isoDate = ({ year, month, day }: CalendarDate) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The event as entered, when the live page may play its stream under the server's CSP; refused otherwise. */
/** A race's replay video plays like a stream: an address only from one of the configured stream hosts. */
function allowedReplay(input: RaceUpdateInput, streamHosts: readonly string[]): RaceUpdateInput {
  if (!input.replayUrl || isStreamAllowed(input.replayUrl, streamHosts)) return input;
  throw badRequest(RacingMessages.streamHostNotAllowed, { replayUrl: RacingMessages.streamHostNotAllowed });
}

function allowedStream(input: EventInput, streamHosts: readonly string[]): EventInput {
  if (isStreamAllowed(input.streamUrl, streamHosts)) return input;
  throw badRequest(RacingMessages.streamHostNotAllowed, { streamUrl: RacingMessages.streamHostNotAllowed });
}

export const racingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RacingDeps = {
    db: app.db,
    pubsub: app.pubsub,
    onRaceCancelled: app.onRaceCancelled,
    onBettingClosed: app.onBettingClosed,
  };
  const { db } = app;

  registerOperation(app, GameOperations.getGameInfo, { tags: ['game'] }, async () => {
    const now = new Date();
    const today = isoDate(manilaDate(now));
    const yesterday = isoDate(manilaDate(new Date(now.getTime() - 24 * 60 * 60 * 1000)));
    const cards = await dayCards(db, today, yesterday);
    if (cards.length > 0) return { statusCode: 200 as const, events: cards };
    // No card that recent: the latest one, so the results of the last race day stay reachable.
    const [latest] = await listEvents(db, { limit: 1 });
    if (!latest) return { statusCode: 200 as const, events: [] };
    const races = await racesOfEvent(db, latest.id);
    return {
      statusCode: 200 as const,
      events: [{ ...latest, ...cardProgress(races), raceCount: races.length }],
    };
  });

  registerOperation(app, GameOperations.getRaceInfo, { tags: ['game'] }, async (request) => {
    const event = await findEvent(db, request.body.eventId);
    if (!event) throw notFound(RacingMessages.eventNotFound);
    const scheme = request.protocol === 'https' ? 'wss' : 'ws';
    return {
      statusCode: 200 as const,
      event,
      races: await racesOfEvent(db, event.id),
      webSocketUrl: `${scheme}://${request.host}/ws`,
    };
  });

  // Back office race control: admins only, every change audited.
  const tags = ['backoffice racing'];
  const ops = RacingAdminOperations;
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
    type: 'staff' as const,
    id: currentStaff(request).id,
    ip: request.ip,
  });

  registerOperation(app, ops.listEvents, { tags }, async () => {
    const events = await listEvents(db, { limit: 100 });
    const counts = await raceCounts(
      db,
      events.map((e) => e.id),
    );
    return {
      statusCode: 200 as const,
      events: events.map((event) => ({ ...event, raceCount: counts.get(event.id) ?? 0 })),
    };
  });

  registerOperation(app, ops.createEvent, { tags }, async (request) => ({
    statusCode: 200 as const,
    event: await createEvent(deps, actorOf(request), allowedStream(request.body, app.config.streamHosts)),
  }));

  registerOperation(app, ops.event, { tags }, async (request) => {
    const event = await findEvent(db, request.params.eventId);
    if (!event) throw notFound(RacingMessages.eventNotFound);
    return { statusCode: 200 as const, event, races: await racesOfEvent(db, event.id) };
  });

  registerOperation(app, ops.updateEvent, { tags }, async (request) => ({
    statusCode: 200 as const,
    event: await updateEvent(
      deps,
      actorOf(request),
      request.params.eventId,
      allowedStream(request.body, app.config.streamHosts),
    ),
  }));

  registerOperation(app, ops.createRace, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await createRace(deps, actorOf(request), request.params.eventId, request.body),
  }));

  registerOperation(app, ops.updateRace, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await updateRace(
      deps,
      actorOf(request),
      request.params.raceId,
      allowedReplay(request.body, app.config.streamHosts),
    ),
  }));

  registerOperation(app, ops.raceStatus, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await transitionRace(deps, actorOf(request), request.params.raceId, request.body.status),
  }));

  registerOperation(app, ops.addRunner, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await addRunner(deps, actorOf(request), request.params.raceId, request.body),
  }));

  registerOperation(app, ops.updateRunner, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await updateRunner(deps, actorOf(request), request.params.runnerId, request.body),
  }));

  registerOperation(app, ops.scratch, { tags }, async (request) => ({
    statusCode: 200 as const,
    race: await setRunnerScratched(deps, actorOf(request), request.params.runnerId, request.body.scratched),
  }));
};
