import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KYC_PHOTO_MAX_BASE64,
  KYC_PHOTO_ROUTE,
  KycMessages,
  KycOperations,
  kycPhotoParamsSchema,
} from '@karera/shared';
import { notFound } from '../../lib/errors.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentOwnPlayer } from '../sessions/index.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  decideKyc,
  kycPhoto,
  kycQueue,
  kycSubmission,
  playerKycForStaff,
  playerKycStatus,
  submitKyc,
  type KycDeps,
} from './kyc.service.ts';

/** Two photos of at most 5 MB as base64, and the text fields. */
const SUBMISSION_BODY_LIMIT = 2 * KYC_PHOTO_MAX_BASE64 + 64 * 1024;

const { status, submit, queue, detail, player, approve, reject, askAgain } = KycOperations;

/**
 * Identity verification (decision 033): the player's form and status, and the admins' review. Only admins
 * read a submission or its photos (identity documents); every decision and every photo view is audited.
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: KycDeps = { db: app.db, now: () => new Date() };
  const { db } = deps;
  const playerTags = ['kyc'];

  registerOperation(app, status, { tags: playerTags }, async (request) =>
    playerKycStatus(db, currentOwnPlayer(request).playerId, app.config.kyc),
  );

  registerOperation(
    app,
    submit,
    {
      tags: playerTags,
      bodyLimit: SUBMISSION_BODY_LIMIT, // Two photos decoded and re-encoded per try: a few tries a minute, not a flood.
      config: { rateLimit: { max: app.config.rateLimits.kycSubmissionsPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => submitKyc(deps, currentOwnPlayer(request).playerId, request.body, request.ip),
  );

  const tags = ['backoffice'];
  const admin = requireStaff('admin');

  registerOperation(app, queue, { tags }, async (request) => ({
    statusCode: 200 as const,
    submissions: await kycQueue(db, request.query.status),
  }));

  registerOperation(app, detail, { tags }, async (request) => ({
    statusCode: 200 as const,
    submission: await kycSubmission(db, request.params.id),
  }));

  registerOperation(app, player, { tags }, async (request) => ({
    statusCode: 200 as const,
    ...(await playerKycForStaff(db, request.params.playerId)),
  }));

  app.get(
    // Not an operation of the contract: its answer is the photo's bytes (image/jpeg). Refusals are JSON.
    KYC_PHOTO_ROUTE,
    {
      schema: {
        tags,
        summary: "A verification's ID photo or selfie: JPEG bytes, never cached (admins; each view is audited)",
        security: [{ staffSession: [] }],
        params: kycPhotoParamsSchema,
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      const photo = await kycPhoto(db, id, kind);
      if (!photo) throw notFound(KycMessages.notFound);
      await recordAudit(
        db,
        { type: 'staff', id: currentStaff(request).id, ip: request.ip },
        { action: 'kyc.photo_viewed', targetType: 'kyc_submission', targetId: id, details: { kind } },
      );
      return reply
        .type(photo.content_type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="kyc-${id}-${kind}.jpg"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(photo.data));
    },
  );

  registerOperation(app, approve, { tags }, async (request) => ({
    statusCode: 200 as const,
    submission: await decideKyc(
      db,
      currentStaff(request),
      request.params.id,
      { status: 'verified', reason: null },
      request.ip,
      app.hooks,
    ),
  }));

  registerOperation(app, reject, { tags }, async (request) => ({
    statusCode: 200 as const,
    submission: await decideKyc(
      db,
      currentStaff(request),
      request.params.id,
      { status: 'rejected', reason: request.body.reason },
      request.ip,
      app.hooks,
    ),
  }));

  registerOperation(app, askAgain, { tags }, async (request) => ({
    statusCode: 200 as const,
    submission: await decideKyc(
      db,
      currentStaff(request),
      request.params.id,
      { status: 'resubmit', reason: request.body.reason },
      request.ip,
      app.hooks,
    ),
  }));
};
