import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * A staff member refused (403) is a step of the audit trail like an action that went through: a puppet
 * giving the second approval of its own master agent's deposit, an admin approving their own adjustment or
 * an agent opening an admin page is what an investigation of an insider looks for. The refusal is recorded
 * after the request's own transaction rolled back, with the route, the address and the message the staff
 * member saw. A failure to record never changes the answer.
 */
export function auditStaffRefusals(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    const staff = request.staff;
    if (!staff || !(error instanceof AppError) || error.httpStatus !== 403) return;
    try {
      await recordAudit(
        request.server.db,
        { type: 'staff', id: staff.id, ip: request.ip },
        {
          action: 'staff.refused',
          targetType: 'route',
          targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
          details: { url: request.url, message: error.message },
        },
      );
    } catch (failure) {
      request.log.error({ err: failure }, 'could not record a staff refusal in the audit log');
    }
  });
}
