import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam, pageNumber } from '../params.ts';
import { formGuideResponseSchema, horsePageResponseSchema, ridesPageResponseSchema } from '../schemas/form.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** A page of runs or rides (`?page=2`), the first when absent; nothing else. */
const formPageQuery = lazySchema(() => z.strictObject({ page: pageNumber }));

/** The form guide (decision 053): the figures a player reads beside the bet slip. */
export const FormOperations = defineOperations({
  raceFormGuide: {
    method: 'GET',
    path: '/api/game/races/:raceId/form',
    audience: Audiences.player,
    summary: "A race's form guide: each runner's last starts, records, weight, gate, rating and strike rates",
    params: lazySchema(() => z.strictObject({ raceId: idParam })),
    response: formGuideResponseSchema,
  },
  horsePage: {
    method: 'GET',
    path: '/api/game/horses/:horseId',
    audience: Audiences.player,
    summary: "A horse's page: its details, career figures and past runs (latest first, paged)",
    params: lazySchema(() => z.strictObject({ horseId: idParam })),
    querystring: formPageQuery,
    response: horsePageResponseSchema,
  },
  jockeyPage: {
    method: 'GET',
    path: '/api/game/jockeys/:jockeyId',
    audience: Audiences.player,
    summary: "A jockey's page: their record, last 30 days and recent rides (latest first, paged)",
    params: lazySchema(() => z.strictObject({ jockeyId: idParam })),
    querystring: formPageQuery,
    response: ridesPageResponseSchema,
  },
  trainerPage: {
    method: 'GET',
    path: '/api/game/trainers/:trainerId',
    audience: Audiences.player,
    summary: "A trainer's page: their record, last 30 days and the recent runs of their horses (latest first, paged)",
    params: lazySchema(() => z.strictObject({ trainerId: idParam })),
    querystring: formPageQuery,
    response: ridesPageResponseSchema,
  },
});

/** The form calls, for callers: built from the operations, so each path is written once. */
export const FormRoutes = {
  raceFormGuide: pathOfOne(FormOperations.raceFormGuide), // (raceId) -> FormGuideResponse
  horsePage: pathOfOne(FormOperations.horsePage), // (horseId) -> HorsePageResponse
  jockeyPage: pathOfOne(FormOperations.jockeyPage), // (jockeyId) -> RidesPageResponse
  trainerPage: pathOfOne(FormOperations.trainerPage), // (trainerId) -> RidesPageResponse
} as const;
