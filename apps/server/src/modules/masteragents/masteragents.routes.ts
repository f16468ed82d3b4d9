import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  MASTER_AGENT_PHOTO_MAX_BASE64,
  MasterAgentMessages,
  MasterAgentOperations,
  masterAgentPhotoParamsSchema,
} from '@karera/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { recordAudit } from '../audit/index.ts';
import { applicationView, findApplication, findPhoto, listApplications } from './masteragents.repo.ts';
import {
  applyForMasterAgent,
  approveApplication,
  declineApplication,
  sendNewSignInLink,
  type MasterAgentDeps,
} from './masteragents.service.ts';

const PAGE_SIZE = 25;
/** Two photos of at most 5 MB, a third larger as base64, and the text fields. */
const APPLICATION_BODY_LIMIT = 2 * MASTER_AGENT_PHOTO_MAX_BASE64 + 64 * 1024;

const { apply, list, detail, approve, decline, sendSignInLink } = MasterAgentOperations;
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

function idempotencyKeyOf(headers: Record<string, unknown>): string {
  const key = headers[IDEMPOTENCY_KEY_HEADER];
  if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
  return key;
}

/**
 * Master-agent registration: the public form, and the admins' review of the applications (list, detail,
 * photos, approve, decline, a new sign-in link). Nobody but an admin reads an application or its photos.
 */
export const masterAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MasterAgentDeps = { db: app.db, sms: app.sms, log: app.log.child({ module: 'masteragents' }) };
  const { db } = deps;

  registerOperation(
    app,
    apply,
    {
      tags: ['public'],
      bodyLimit: APPLICATION_BODY_LIMIT, // Counted before the body is read: a flood of 14 MB bodies is refused unread.
      config: { rateLimit: { max: app.config.rateLimits.masterAgentApplicationsPerHour, timeWindow: '1 hour' } },
    },
    async (request) => applyForMasterAgent(db, request.body, request.ip),
  );

  const tags = ['backoffice'];
  const admin = requireStaff('admin');

  registerOperation(app, list, { tags }, async (request) => {
    const { status, page } = request.query;
    const result = await listApplications(db, { status, page, pageSize: PAGE_SIZE });
    return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
  });

  registerOperation(app, detail, { tags }, async (request) => {
    const row = await findApplication(db, request.params.id);
    if (!row) throw notFound(MasterAgentMessages.notFound);
    return { statusCode: 200 as const, application: await applicationView(db, row) };
  });

  app.get(
    // Not an operation of the contract: its answer is the photo's bytes (image/jpeg), which the operations'
    // JSON answer schemas do not describe; the description says so in words. Refusals are JSON as elsewhere.
    `${detail.path}/photos/:kind`,
    {
      schema: {
        tags,
        summary: "An application's photo: JPEG bytes (image/jpeg), never cached (admins; each view is audited)",
        security: [{ staffSession: [] }],
        params: masterAgentPhotoParamsSchema,
      },
      preValidation: admin,
    },
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

  registerOperation(app, approve, { tags, headers: idempotencyHeaders }, async (request) =>
    approveApplication(deps, currentStaff(request), request.params.id, idempotencyKeyOf(request.headers), request.ip),
  );

  registerOperation(app, decline, { tags, headers: idempotencyHeaders }, async (request) =>
    declineApplication(
      db,
      currentStaff(request),
      request.params.id,
      request.body.reason,
      idempotencyKeyOf(request.headers),
      request.ip,
    ),
  );

  registerOperation(app, sendSignInLink, { tags }, async (request) =>
    sendNewSignInLink({ ...deps, config: app.config }, currentStaff(request), request.params.id, request.ip),
  );
};
