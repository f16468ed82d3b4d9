import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  eventDetailResponseSchema,
  eventListResponseSchema,
  eventResponseSchema,
  raceResponseSchema,
} from '../schemas/game.ts';
import {
  eventInputSchema,
  raceInputSchema,
  raceStatusInputSchema,
  raceUpdateSchema,
  runnerInputSchema,
  runnerUpdateSchema,
  scratchInputSchema,
} from '../../validation/racing.ts';

const EVENTS = '/api/backoffice/racing/events';
const eventParams = z.strictObject({ eventId: idParam });
const raceParams = z.strictObject({ raceId: idParam });
const runnerParams = z.strictObject({ runnerId: idParam });

/** Back office race control (admins; every change audited and broadcast). */
export const RacingAdminOperations = defineOperations({
  listEvents: {
    method: 'GET',
    path: EVENTS,
    audience: Audiences.admins,
    summary: 'The latest race days with their race counts',
    response: eventListResponseSchema,
  },
  createEvent: {
    method: 'POST',
    path: EVENTS,
    audience: Audiences.admins,
    summary: 'A new race day (its stream only from the configured stream hosts)',
    body: eventInputSchema,
    response: eventResponseSchema,
  },
  event: {
    method: 'GET',
    path: `${EVENTS}/:eventId`,
    audience: Audiences.admins,
    summary: 'A race day with its races and runners',
    params: eventParams,
    response: eventDetailResponseSchema,
  },
  updateEvent: {
    method: 'POST',
    path: `${EVENTS}/:eventId`,
    audience: Audiences.admins,
    summary: "Changes a race day's name, arena, stream, date or bet types",
    params: eventParams,
    body: eventInputSchema,
    response: eventResponseSchema,
  },
  createRace: {
    method: 'POST',
    path: `${EVENTS}/:eventId/races`,
    audience: Audiences.admins,
    summary: 'A new race on a race day',
    params: eventParams,
    body: raceInputSchema,
    response: raceResponseSchema,
  },
  updateRace: {
    method: 'POST',
    path: '/api/backoffice/racing/races/:raceId',
    audience: Audiences.admins,
    summary: "Changes a race's number, post time or bet types",
    params: raceParams,
    body: raceUpdateSchema,
    response: raceResponseSchema,
  },
  raceStatus: {
    method: 'POST',
    path: '/api/backoffice/racing/races/:raceId/status',
    audience: Audiences.admins,
    summary: 'Moves a race along its states (open, last call, closed; cancelled)',
    params: raceParams,
    body: raceStatusInputSchema,
    response: raceResponseSchema,
  },
  addRunner: {
    method: 'POST',
    path: '/api/backoffice/racing/races/:raceId/runners',
    audience: Audiences.admins,
    summary: 'A runner on a race card',
    params: raceParams,
    body: runnerInputSchema,
    response: raceResponseSchema,
  },
  updateRunner: {
    method: 'POST',
    path: '/api/backoffice/racing/runners/:runnerId',
    audience: Audiences.admins,
    summary: "Changes a runner's number, horse or jockey",
    params: runnerParams,
    body: runnerUpdateSchema,
    response: raceResponseSchema,
  },
  scratch: {
    method: 'POST',
    path: '/api/backoffice/racing/runners/:runnerId/scratch',
    audience: Audiences.admins,
    summary: 'Scratches a runner or takes the scratch back (refunds follow)',
    params: runnerParams,
    body: scratchInputSchema,
    response: raceResponseSchema,
  },
});

/** Back office race control (admin), for callers: built from the operations, so each path is written once. */
export const RacingAdminRoutes = {
  events: RacingAdminOperations.listEvents.path, // GET -> { events: EventSummary[] }; POST EventInput -> { event }
  event: pathOfOne(RacingAdminOperations.event), // GET -> { event, races }; POST EventInput -> { event }
  races: pathOfOne(RacingAdminOperations.createRace), // POST RaceInput -> { race }
  race: pathOfOne(RacingAdminOperations.updateRace), // POST RaceUpdateInput -> { race }
  raceStatus: pathOfOne(RacingAdminOperations.raceStatus), // POST { status } -> { race }
  runners: pathOfOne(RacingAdminOperations.addRunner), // POST RunnerInput -> { race }
  runner: pathOfOne(RacingAdminOperations.updateRunner), // POST RunnerUpdateInput -> { race }
  scratch: pathOfOne(RacingAdminOperations.scratch), // POST { scratched: boolean } -> { race }
} as const;
