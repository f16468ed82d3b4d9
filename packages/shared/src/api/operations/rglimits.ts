import { z } from 'zod';
import { Audiences, defineOperations, messageResponseSchema } from '../contract.ts';
import { idParam, pageNumber } from '../params.ts';
import {
  rgExclusionListResponseSchema,
  rgOperatorExcludeSchema,
  rgOperatorLiftSchema,
  rgPlayerStatusResponseSchema,
  rgRealityCheckSchema,
  rgSetLimitSchema,
  rgSinceSignInResponseSchema,
  rgStartBreakSchema,
  rgStatusResponseSchema,
} from '../../compliance/rglimits.ts';
import { sessionOnlySchema } from '../../validation/player.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** The player's own limits and breaks (issue 22), with the player's session. */
export const ResponsibleGamingOperations = defineOperations({
  status: {
    method: 'POST',
    path: '/api/responsible-gaming/status',
    audience: Audiences.player,
    summary: "The player's limits (current and pending), break or exclusion, and reality check interval",
    body: lazySchema(() => sessionOnlySchema.optional()),
    response: rgStatusResponseSchema,
  },
  setLimit: {
    method: 'POST',
    path: '/api/responsible-gaming/setLimit',
    audience: Audiences.player,
    summary: 'Sets or removes a limit (centavos): lowering applies at once, raising or removing after 24 hours',
    body: rgSetLimitSchema,
    response: rgStatusResponseSchema,
  },
  startBreak: {
    method: 'POST',
    path: '/api/responsible-gaming/startBreak',
    audience: Audiences.player,
    summary: 'Starts a cool-off (24 hours, 7 or 30 days) or a self-exclusion (6 months, 1 or 5 years)',
    body: rgStartBreakSchema,
    response: rgStatusResponseSchema,
  },
  cancelBreak: {
    method: 'POST',
    path: '/api/responsible-gaming/cancelBreak',
    audience: Audiences.player,
    summary: 'Ends a 1- or 5-year self-exclusion after 24 hours (a cool-off and the 6-month one cannot be ended)',
    body: lazySchema(() => sessionOnlySchema.optional()),
    response: rgStatusResponseSchema,
  },
  setRealityCheck: {
    method: 'POST',
    path: '/api/responsible-gaming/setRealityCheck',
    audience: Audiences.player,
    summary: 'How often (minutes) the live screen shows time spent and the net result since sign-in',
    body: rgRealityCheckSchema,
    response: rgStatusResponseSchema,
  },
  sinceSignIn: {
    method: 'POST',
    path: '/api/responsible-gaming/sinceSignIn',
    audience: Audiences.player,
    summary: 'The reality check: time since this session signed in, the bets since and their net result (centavos)',
    body: lazySchema(() => sessionOnlySchema.optional()),
    response: rgSinceSignInResponseSchema,
  },
});

const PLAYER = '/api/backoffice/players/:id';
const idParams = lazySchema(() => z.strictObject({ id: idParam }));

/** Exclusions in the back office (admins): the list, a player's state, the operator's exclusion and its lifting. */
export const ResponsibleGamingAdminOperations = defineOperations({
  exclusions: {
    method: 'GET',
    path: '/api/backoffice/exclusions',
    audience: Audiences.admins,
    summary: 'Exclusions (cool-off, self-exclusion, operator), active first, a page at a time',
    querystring: lazySchema(() => z.strictObject({ active: z.enum(['1', '0']).optional(), page: pageNumber })),
    response: rgExclusionListResponseSchema,
  },
  playerStatus: {
    method: 'GET',
    path: `${PLAYER}/responsible-gaming`,
    audience: Audiences.admins,
    summary: "A player's limits, current exclusion and exclusion history",
    params: idParams,
    response: rgPlayerStatusResponseSchema,
  },
  exclude: {
    method: 'POST',
    path: `${PLAYER}/exclusion`,
    audience: Audiences.admins,
    summary: 'Excludes a player until lifted, with a reason (audited)',
    params: idParams,
    body: rgOperatorExcludeSchema,
    response: messageResponseSchema,
  },
  lift: {
    method: 'POST',
    path: `${PLAYER}/exclusion/lift`,
    audience: Audiences.admins,
    summary: "Lifts the operator's exclusion of a player, with a reason (audited)",
    params: idParams,
    body: rgOperatorLiftSchema,
    response: messageResponseSchema,
  },
});

/** The paths of ResponsibleGamingOperations, for callers. Built from the operations, so each path is written once. */
export const ResponsibleGamingRoutes = {
  status: ResponsibleGamingOperations.status.path,
  setLimit: ResponsibleGamingOperations.setLimit.path,
  startBreak: ResponsibleGamingOperations.startBreak.path,
  cancelBreak: ResponsibleGamingOperations.cancelBreak.path,
  setRealityCheck: ResponsibleGamingOperations.setRealityCheck.path,
  sinceSignIn: ResponsibleGamingOperations.sinceSignIn.path,
} as const;
