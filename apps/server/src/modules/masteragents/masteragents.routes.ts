import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  MASTER_AGENT_PHOTO_KINDS,
  MASTER_AGENT_PHOTO_MAX_BASE64,
  masterAgentApplicationSchema,
  MasterAgentBackofficeRoutes,
  masterAgentDeclineSchema,
  masterAgentListQuerySchema,
  MasterAgentMessages,
  MasterAgentRoutes,
  type MasterAgentApplicationDetailResponse,
  type MasterAgentApplicationListResponse,
} from '@karera/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { idParam, pageNumber } from '../../lib/params.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { applicationView, findApplication, findPhoto, listApplications } from './masteragents.repo.ts';
import {
  applyForMasterAgent,
  approveApplication,
  declineApplication,
  sendNewPassword,
  type MasterAgentDeps,
} from './masteragents.service.ts';

const PAGE_SIZE = 25;
/** Two photos of at most 5 MB, a third larger as base64, and the text fields. */
const APPLICATION_BODY_LIMIT = 2 * MASTER_AGENT_PHOTO_MAX_BASE64 + 64 * 1024;

const idParams = z.strictObject({
  id: idParam,
});
const photoParams = idParams.extend({ kind: z.enum(MASTER_AGENT_PHOTO_KINDS) });
/** The shared list query, with its page read strictly (digits only). */
const listQuery = masterAgentListQuerySchema.extend({ page: pageNumber });
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

function idempotencyKeyOf(headers: Record<string, unknown>): string {
  const key = headers[IDEMPOTENCY_KEY_HEADER];
  if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
  return key;
}

/**
 * Master-agent registration: the public form, and the admins' review of the applications (list, detail,
 * photos, approve, decline, a new password). Nobody but an admin reads an application or its photos.
 */
export const masterAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MasterAgentDeps = { db: app.db, sms: app.sms, log: app.log.child({ module: 'masteragents' }) };
  const { db } = deps;

  app.post(
    MasterAgentRoutes.apply,
    {
      schema: { tags: ['public'], body: masterAgentApplicationSchema },
      bodyLimit: APPLICATION_BODY_LIMIT,
      // Counted before the body is read: a flood of 14 MB bodies is refused unread.
      config: { rateLimit: { max: app.config.rateLimits.masterAgentApplicationsPerHour, timeWindow: '1 hour' } },
    },
    async (request) => applyForMasterAgent(db, request.body, request.ip),
  );

  const tags = ['backoffice'];
  const admin = requireStaff('admin');

  app.get(
    MasterAgentBackofficeRoutes.list,
    { schema: { tags, querystring: listQuery }, preValidation: admin },
    async (request): Promise<MasterAgentApplicationListResponse> => {
      const { status, page } = request.query;
      const result = await listApplications(db, { status, page, pageSize: PAGE_SIZE });
      return { statusCode: 200, ...result, page, pageSize: PAGE_SIZE };
    },
  );

  app.get(
    '/api/backoffice/master-agent-applications/:id',
    { schema: { tags, params: idParams }, preValidation: admin },
    async (request): Promise<MasterAgentApplicationDetailResponse> => {
      const row = await findApplication(db, request.params.id);
      if (!row) throw notFound(MasterAgentMessages.notFound);
      return { statusCode: 200, application: await applicationView(db, row) };
    },
  );

  app.get(
    '/api/backoffice/master-agent-applications/:id/photos/:kind',
    { schema: { tags, params: photoParams }, preValidation: admin },
    async (request, reply) => {
      const { id, kind } = request.params;
      const photo = await findPhoto(db, id, kind);
      if (!photo) throw notFound(MasterAgentMessages.notFound);
      // Identity documents: who looked at one is on record.
      await recordAudit(
        db,
        { type: 'staff', id: currentStaff(request).id, ip: request.ip },
        {
          action: 'master_agent_application.photo_viewed',
          targetType: 'master_agent_application',
          targetId: id,
          details: { kind },
        },
      );
      return reply
        .type(photo.content_type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="application-${id}-${kind}.jpg"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(photo.data));
    },
  );

  app.post(
    '/api/backoffice/master-agent-applications/:id/approve',
    {
      schema: { tags, params: idParams, headers: idempotencyHeaders, body: z.strictObject({}).optional() },
      preValidation: admin,
    },
    async (request) =>
      approveApplication(deps, currentStaff(request), request.params.id, idempotencyKeyOf(request.headers), request.ip),
  );

  app.post(
    '/api/backoffice/master-agent-applications/:id/decline',
    {
      schema: { tags, params: idParams, headers: idempotencyHeaders, body: masterAgentDeclineSchema },
      preValidation: admin,
    },
    async (request) =>
      declineApplication(
        db,
        currentStaff(request),
        request.params.id,
        request.body.reason,
        idempotencyKeyOf(request.headers),
        request.ip,
      ),
  );

  app.post(
    '/api/backoffice/master-agent-applications/:id/send-password',
    { schema: { tags, params: idParams, body: z.strictObject({}).optional() }, preValidation: admin },
    async (request) => sendNewPassword(deps, currentStaff(request), request.params.id, request.ip),
  );
};
