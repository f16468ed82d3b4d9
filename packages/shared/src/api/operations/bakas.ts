import { z } from 'zod';
import { Audiences, defineOperations } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  bakasMineResponseSchema,
  bakasMineSchema,
  bakasPlaceSchema,
  bakasStaffGroupsResponseSchema,
  bakasCancelSchema,
  bakasCreateSchema,
  bakasGetSchema,
  bakasGroupResponseSchema,
  bakasJoinSchema,
} from '../schemas/bakas.ts';

/**
 * Group tickets, bakas (decision 056): create, open from a link, buy shares, place, cancel, the caller's own
 * groups; and for staff, the group tickets of a race and of a player, with every member.
 */
export const BakasOperations = defineOperations({
  create: {
    method: 'POST',
    path: '/api/bakas/create',
    audience: Audiences.player,
    summary: "Creates a group ticket and buys the organiser's shares from credit (once per idempotency key)",
    body: bakasCreateSchema,
    response: bakasGroupResponseSchema,
  },
  get: {
    method: 'POST',
    path: '/api/bakas/get',
    audience: Audiences.player,
    summary: 'A group ticket from its link: the bet, the shares left and who joined (first names)',
    body: bakasGetSchema,
    response: bakasGroupResponseSchema,
  },
  join: {
    method: 'POST',
    path: '/api/bakas/join',
    audience: Audiences.player,
    summary:
      "Buys shares of a group ticket from credit, never bonus (once per idempotency key); 'All shares are sold.' when full",
    body: bakasJoinSchema,
    response: bakasGroupResponseSchema,
  },
  cancel: {
    method: 'POST',
    path: '/api/bakas/cancel',
    audience: Audiences.player,
    summary: 'The organiser cancels an open group ticket; every member is refunded (once per idempotency key)',
    body: bakasCancelSchema,
    response: bakasGroupResponseSchema,
  },
  place: {
    method: 'POST',
    path: '/api/bakas/place',
    audience: Audiences.player,
    summary:
      'The organiser places an open group ticket now with the shares sold (smaller, or cancelled, as chosen at creation; once per idempotency key)',
    body: bakasPlaceSchema,
    response: bakasGroupResponseSchema,
  },
  mine: {
    method: 'POST',
    path: '/api/bakas/mine',
    audience: Audiences.player,
    summary: "The caller's group tickets (organised or joined), newest first, with their stake and payout",
    body: bakasMineSchema.optional(),
    response: bakasMineResponseSchema,
  },
  raceGroups: {
    method: 'GET',
    path: '/api/backoffice/bakas/races/:raceId',
    audience: Audiences.anyStaff,
    summary: 'The group tickets of a race (its first race), with every member (members in scope for agents)',
    params: z.strictObject({ raceId: idParam }),
    response: bakasStaffGroupsResponseSchema,
  },
  playerGroups: {
    method: 'GET',
    path: '/api/backoffice/bakas/players/:playerId',
    audience: Audiences.anyStaff,
    summary: 'The group tickets a player in scope holds shares in, with every member',
    params: z.strictObject({ playerId: idParam }),
    response: bakasStaffGroupsResponseSchema,
  },
});
