import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import { dualControlListResponseSchema, dualControlRequestResponseSchema } from '../schemas/dualControl.ts';
import { dualControlRejectSchema } from '../../dualcontrol/rules.ts';

const idParams = z.strictObject({ id: idParam });
const APPROVALS = '/api/backoffice/approvals';
const REQUEST = `${APPROVALS}/:id`;

/** Changes waiting for a second, independent admin (decision 045). */
export const DualControlOperations = defineOperations({
  list: {
    method: 'GET',
    path: APPROVALS,
    audience: Audiences.admins,
    summary: 'Changes waiting for a second admin, and the last decided (admin)',
    response: dualControlListResponseSchema,
  },
  approve: {
    method: 'POST',
    path: `${REQUEST}/approve`,
    audience: Audiences.admins,
    summary: "Approves another admin's proposed change, which applies it (Idempotency-Key header; admin)",
    params: idParams,
    body: z.strictObject({}).optional(),
    response: dualControlRequestResponseSchema,
  },
  reject: {
    method: 'POST',
    path: `${REQUEST}/reject`,
    audience: Audiences.admins,
    summary: 'Rejects a proposed change with a reason; nothing changes (admin)',
    params: idParams,
    body: dualControlRejectSchema,
    response: dualControlRequestResponseSchema,
  },
});

/** The operations' paths, for callers that call by path (tests): each path is written once, above. */
export const DualControlRoutes = {
  list: DualControlOperations.list.path,
  approve: pathOfOne(DualControlOperations.approve),
  reject: pathOfOne(DualControlOperations.reject),
} as const;
