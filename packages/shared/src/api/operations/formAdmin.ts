import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam, pageNumber } from '../params.ts';
import {
  cardImportResponseSchema,
  horseListResponseSchema,
  horseMergeResponseSchema,
  horseResponseSchema,
  jockeyChangeResponseSchema,
  personListResponseSchema,
  personResponseSchema,
} from '../schemas/formAdmin.ts';
import {
  cardImportInputSchema,
  horseInputSchema,
  horseMergeInputSchema,
  jockeyChangeInputSchema,
  personInputSchema,
} from '../../validation/formAdmin.ts';

const BASE = '/api/backoffice/form';
/** A type-ahead or a list: the names starting with `q` (any case), a page at a time. */
const searchQuery = z.strictObject({ q: z.string().trim().max(60).optional(), page: pageNumber });
const horseParams = z.strictObject({ horseId: idParam });
const jockeyParams = z.strictObject({ jockeyId: idParam });
const trainerParams = z.strictObject({ trainerId: idParam });

/**
 * The back office's horses, jockeys and trainers (decision 053): admins, as the race card's runners; every
 * change audited.
 */
export const FormAdminOperations = defineOperations({
  listHorses: {
    method: 'GET',
    path: `${BASE}/horses`,
    audience: Audiences.admins,
    summary: 'Horses whose name starts with the search text, by name, a page at a time (the type-ahead)',
    querystring: searchQuery,
    response: horseListResponseSchema,
  },
  createHorse: {
    method: 'POST',
    path: `${BASE}/horses`,
    audience: Audiences.admins,
    summary: 'A new horse: name, sex, foaling year, colour, sire and dam (optional), owner and trainer',
    body: horseInputSchema,
    response: horseResponseSchema,
  },
  horse: {
    method: 'GET',
    path: `${BASE}/horses/:horseId`,
    audience: Audiences.admins,
    summary: "A horse's record",
    params: horseParams,
    response: horseResponseSchema,
  },
  updateHorse: {
    method: 'POST',
    path: `${BASE}/horses/:horseId`,
    audience: Audiences.admins,
    summary: "Changes a horse's record (runners carded before keep the name they were carded with)",
    params: horseParams,
    body: horseInputSchema,
    response: horseResponseSchema,
  },
  mergeHorse: {
    method: 'POST',
    path: `${BASE}/horses/:horseId/merge`,
    audience: Audiences.admins,
    summary:
      "Merges a horse entered twice into this one: the duplicate's runners and results move here, and it is removed",
    params: horseParams,
    body: horseMergeInputSchema,
    response: horseMergeResponseSchema,
  },
  listJockeys: {
    method: 'GET',
    path: `${BASE}/jockeys`,
    audience: Audiences.admins,
    summary: 'Jockeys whose name starts with the search text, by name, a page at a time (the type-ahead)',
    querystring: searchQuery,
    response: personListResponseSchema,
  },
  createJockey: {
    method: 'POST',
    path: `${BASE}/jockeys`,
    audience: Audiences.admins,
    summary: 'A new jockey: name and licence number',
    body: personInputSchema,
    response: personResponseSchema,
  },
  updateJockey: {
    method: 'POST',
    path: `${BASE}/jockeys/:jockeyId`,
    audience: Audiences.admins,
    summary: "Changes a jockey's name or licence number",
    params: jockeyParams,
    body: personInputSchema,
    response: personResponseSchema,
  },
  listTrainers: {
    method: 'GET',
    path: `${BASE}/trainers`,
    audience: Audiences.admins,
    summary: 'Trainers whose name starts with the search text, by name, a page at a time (the type-ahead)',
    querystring: searchQuery,
    response: personListResponseSchema,
  },
  createTrainer: {
    method: 'POST',
    path: `${BASE}/trainers`,
    audience: Audiences.admins,
    summary: 'A new trainer: name and licence number',
    body: personInputSchema,
    response: personResponseSchema,
  },
  updateTrainer: {
    method: 'POST',
    path: `${BASE}/trainers/:trainerId`,
    audience: Audiences.admins,
    summary: "Changes a trainer's name or licence number",
    params: trainerParams,
    body: personInputSchema,
    response: personResponseSchema,
  },
  changeJockey: {
    method: 'POST',
    path: '/api/backoffice/racing/runners/:runnerId/jockey',
    audience: Audiences.admins,
    summary: "Changes a runner's jockey, keeping the change with its reason (who, when)",
    params: z.strictObject({ runnerId: idParam }),
    body: jockeyChangeInputSchema,
    response: jockeyChangeResponseSchema,
  },
  importCard: {
    method: 'POST',
    path: `${BASE}/import`,
    audience: Audiences.admins,
    summary:
      'Imports a card with its runners and their past form from CSV: every error by line, and nothing until the whole file is clean',
    body: cardImportInputSchema,
    response: cardImportResponseSchema,
  },
});

/** The horses, jockeys and trainers calls, for callers: built from the operations, so each path is written once. */
export const FormAdminRoutes = {
  horses: FormAdminOperations.listHorses.path, // GET ?q&page -> horses; POST HorseInput -> { horse }
  horse: pathOfOne(FormAdminOperations.horse), // GET -> { horse }; POST HorseInput -> { horse }
  mergeHorse: pathOfOne(FormAdminOperations.mergeHorse), // POST { duplicateId } -> { horse, movedRunners }
  jockeys: FormAdminOperations.listJockeys.path,
  jockey: pathOfOne(FormAdminOperations.updateJockey),
  trainers: FormAdminOperations.listTrainers.path,
  trainer: pathOfOne(FormAdminOperations.updateTrainer),
  changeJockey: pathOfOne(FormAdminOperations.changeJockey), // POST { jockeyId, reason } -> the runner's jockey and changes
  importCard: FormAdminOperations.importCard.path, // POST { csv } -> errors or what was imported
} as const;
