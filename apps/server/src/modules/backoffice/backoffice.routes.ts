import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackofficeMessages,
  BackofficeRoutes,
  balanceAdjustmentSchema,
  createStaffSchema,
  IDEMPOTENCY_KEY_HEADER,
  loginLinkSchema,
  staffLoginSchema,
} from '@karera/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { idParam, pageNumber } from '../../lib/params.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { listAudit, recordAudit } from '../audit/audit.service.ts';
import { listContactMessages } from '../contact/contact.service.ts';
import { findPlayerForStaff, searchPlayers } from '../players/player-directory.repo.ts';
import { adjustPlayerBalance, playerLedgerEntries } from '../wallet/wallet.service.ts';
import { listStaff, toStaffMember } from './staff.repo.ts';
import { listSmsOutbox } from '../sms/sms-outbox.repo.ts';
import { issueLoginLink } from './login-links.ts';
import { createStaff, loginStaff } from './staff.service.ts';
import { resolveStaffSignInStep, revokeStaffSession, STAFF_COOKIE } from './staff-sessions.ts';
import { sendLocked, setStaffCookie, staffSecurityRoutes } from './staff-security.routes.ts';

const PAGE_SIZE = 25;
const tags = ['backoffice'];

const pageQuery = z.strictObject({
  page: pageNumber,
  q: z.string().trim().max(100).optional(),
});
const playerParams = z.strictObject({
  playerId: idParam,
});

export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.post(
    BackofficeRoutes.login,
    {
      schema: { tags, body: staffLoginSchema },
      config: { rateLimit: { max: config.rateLimits.staffLoginPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const result = await loginStaff(db, config.staffTwoFactor, username, password, request.ip);
      if (result.step === 'locked') return sendLocked(reply, result.retryAfterSeconds);
      setStaffCookie(reply, config, result.token, result.step === 'done');
      if (result.step !== 'done') return { statusCode: 200 as const, step: result.step };
      return { statusCode: 200 as const, step: result.step, staff: toStaffMember(result.staff) };
    },
  );

  await app.register(staffSecurityRoutes);

  app.post(
    BackofficeRoutes.logout,
    { schema: { tags, body: z.strictObject({}).optional() } },
    async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      // Any live session ends, a sign-in step too.
      const step = token ? await resolveStaffSignInStep(db, token) : undefined;
      if (token && step) {
        await revokeStaffSession(db, token);
        await recordAudit(db, { type: 'staff', id: step.staff.id, ip: request.ip }, { action: 'staff.logout' });
      }
      reply.clearCookie(STAFF_COOKIE, { path: '/api/backoffice' });
      return { statusCode: 200 as const };
    },
  );

  app.get(BackofficeRoutes.me, { schema: { tags }, preHandler: requireStaff() }, async (request) => ({
    statusCode: 200 as const,
    staff: toStaffMember(currentStaff(request)),
  }));

  app.get(BackofficeRoutes.staff, { schema: { tags }, preHandler: requireStaff('admin') }, async () => ({
    statusCode: 200 as const,
    staff: (await listStaff(db)).map(toStaffMember),
  }));

  app.post(
    BackofficeRoutes.staff,
    { schema: { tags, body: createStaffSchema }, preHandler: requireStaff('admin') },
    async (request) => {
      const actor = currentStaff(request);
      const staff = await createStaff(db, { type: 'staff', id: actor.id, ip: request.ip }, request.body);
      return { statusCode: 200 as const, staff };
    },
  );

  app.get(
    BackofficeRoutes.players,
    { schema: { tags, querystring: pageQuery }, preHandler: requireStaff() },
    async (request) => {
      const { page, q } = request.query;
      const result = await searchPlayers(db, currentStaff(request), { q, page, pageSize: PAGE_SIZE });
      return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
    },
  );

  app.get(
    '/api/backoffice/players/:playerId',
    { schema: { tags, params: playerParams }, preHandler: requireStaff() },
    async (request) => {
      const player = await findPlayerForStaff(db, currentStaff(request), request.params.playerId);
      if (!player) throw notFound(BackofficeMessages.playerNotFound);
      return { statusCode: 200 as const, player, entries: await playerLedgerEntries(db, player.playerId) };
    },
  );

  app.post(
    '/api/backoffice/players/:playerId/adjustments',
    {
      schema: {
        tags,
        params: playerParams,
        body: balanceAdjustmentSchema,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
      },
      preHandler: requireStaff('admin'),
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
      const { body } = await adjustPlayerBalance(
        db,
        currentStaff(request),
        request.params.playerId,
        request.body,
        key,
        request.ip,
      );
      return body;
    },
  );

  app.get(
    BackofficeRoutes.contacts,
    { schema: { tags, querystring: pageQuery }, preHandler: requireStaff('admin') },
    async (request) => {
      const { page } = request.query;
      return {
        statusCode: 200 as const,
        ...(await listContactMessages(db, page, PAGE_SIZE)),
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.get(
    BackofficeRoutes.smsOutbox,
    { schema: { tags, querystring: pageQuery }, preHandler: requireStaff('admin') },
    async (request) => {
      const { page, q } = request.query;
      return {
        statusCode: 200 as const,
        ...(await listSmsOutbox(db, { q, page, pageSize: PAGE_SIZE })),
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/backoffice/players/:playerId/login-link',
    // Admins only, for a written reason (decision 020): an agent who could log in as their player could
    // deposit, approve and withdraw alone.
    { schema: { tags, params: playerParams, body: loginLinkSchema }, preHandler: requireStaff('admin') },
    async (request) => {
      const staff = currentStaff(request);
      const player = await findPlayerForStaff(db, staff, request.params.playerId);
      if (!player) throw notFound(BackofficeMessages.playerNotFound);
      const link = await issueLoginLink(db, app.sms, staff, player, request.body.reason, request.ip);
      return { statusCode: 200 as const, ...link };
    },
  );

  app.get(
    BackofficeRoutes.audit,
    { schema: { tags, querystring: pageQuery }, preHandler: requireStaff('admin') },
    async (request) => {
      const { page } = request.query;
      return { statusCode: 200 as const, ...(await listAudit(db, page, PAGE_SIZE)), page, pageSize: PAGE_SIZE };
    },
  );
};
