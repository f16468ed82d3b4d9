import { Audiences, defineOperations } from '../contract.ts';
import {
  bakasCancelSchema,
  bakasCreateSchema,
  bakasGetSchema,
  bakasGroupResponseSchema,
  bakasJoinSchema,
} from '../schemas/bakas.ts';

/** Group tickets, bakas (decision 056): create, open from a link, buy shares, cancel. */
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
});
