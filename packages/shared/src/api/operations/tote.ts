import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  carryoversResponseSchema,
  confirmResultResponseSchema,
  gameResultResponseSchema,
  resultPreviewResponseSchema,
  settlementReportResponseSchema,
  toteSettingsResponseSchema,
} from '../schemas/tote.ts';
import { confirmResultSchema, gameResultSchema, resultInputSchema, toteSettingInputSchema } from '../tote.ts';
import { dualControlRequestResponseSchema } from '../schemas/dualControl.ts';
import { emptyBodySchema } from './public.ts';

const raceParams = z.strictObject({ raceId: idParam });
const RACE = '/api/backoffice/tote/races/:raceId';

/** Results for players (game/getGameResult) and the admins' result entry, settlement and takeout. */
export const ToteOperations = defineOperations({
  getGameResult: {
    method: 'POST',
    path: '/api/game/getGameResult',
    audience: Audiences.public,
    summary: "A race's winners and dividends, or why a line paid none",
    body: gameResultSchema,
    response: gameResultResponseSchema,
  },
  getCarryovers: {
    method: 'POST',
    path: '/api/game/getCarryovers',
    audience: Audiences.public,
    summary: 'Pools carried over to the next race day',
    body: emptyBodySchema,
    response: carryoversResponseSchema,
  },
  previewResult: {
    method: 'POST',
    path: `${RACE}/result/preview`,
    audience: Audiences.admins,
    summary: 'What a finish would pay in every pool (nothing is written; admin)',
    params: raceParams,
    body: resultInputSchema,
    response: resultPreviewResponseSchema,
  },
  confirmResult: {
    method: 'POST',
    path: `${RACE}/result/confirm`,
    audience: Audiences.admins,
    summary: 'Records the official finish and settles the pools (once per idempotency key; admin)',
    params: raceParams,
    body: confirmResultSchema,
    response: confirmResultResponseSchema,
  },
  report: {
    method: 'GET',
    path: `${RACE}/report`,
    audience: Audiences.admins,
    summary: "A race's settlement report, balanced to the centavo (admin)",
    params: raceParams,
    response: settlementReportResponseSchema,
  },
  settings: {
    method: 'GET',
    path: '/api/backoffice/tote/settings',
    audience: Audiences.admins,
    summary: 'Pool split (shares), stamp tax, tax on winnings and pool rules by bet type and effective date (admin)',
    response: toteSettingsResponseSchema,
  },
  addSetting: {
    method: 'POST',
    path: '/api/backoffice/tote/settings',
    audience: Audiences.admins,
    summary: 'Proposes a takeout and pool-rule setting from a date; it applies when a second admin approves (admin)',
    body: toteSettingInputSchema,
    response: dualControlRequestResponseSchema,
  },
  carryovers: {
    method: 'GET',
    path: '/api/backoffice/tote/carryovers',
    audience: Audiences.admins,
    summary: 'Pools carried over (admin)',
    response: carryoversResponseSchema,
  },
});

/**
 * Results, dividends and settlement (docs/product/betting.md#pools-and-dividends, #settlement).
 * Dividends are centavos per 1.00 staked; amounts are centavos.
 * Built from the operations, so each path is written once.
 */
export const ToteRoutes = {
  getGameResult: ToteOperations.getGameResult.path, // { raceId, eventId } -> GameResultResponse
  getCarryovers: ToteOperations.getCarryovers.path, // {} -> CarryoversResponse
} as const;

/** The back office's tote calls, for callers: built from the operations, so each path is written once. */
export const ToteAdminRoutes = {
  /** POST ResultInput -> ResultPreview (nothing is written). */
  previewResult: pathOfOne(ToteOperations.previewResult),
  /** POST ResultInput & { idempotencyKey } -> { report: SettlementReport }: records, settles, broadcasts. */
  confirmResult: pathOfOne(ToteOperations.confirmResult),
  /** GET -> SettlementReport */
  report: pathOfOne(ToteOperations.report),
  /** GET -> { settings: ToteSetting[] }; POST ToteSettingInput -> { setting } */
  settings: ToteOperations.settings.path,
  /** GET -> CarryoversResponse */
  carryovers: ToteOperations.carryovers.path,
} as const;
