import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackofficeMessages, BackofficeOperations, IDEMPOTENCY_KEY_HEADER } from '@karera/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import {
  currentStaff,
  listStaff,
  toStaffMember,
  issueLoginLink,
  loginStaff,
  resolveStaffSignInStep,
  revokeStaffSession,
  STAFF_COOKIE,
} from '../staff/index.ts';
import { listAudit, recordAudit } from '../audit/index.ts';
import { listContactMessages } from '../contact/index.ts';
import { findPlayerForStaff, searchPlayers } from '../players/index.ts';
import { adjustPlayerBalance, playerLedgerEntries } from '../wallet/index.ts';
import { listSmsOutbox } from '../sms/index.ts';
import { createStaffOrRequest } from './staff-requests.service.ts';
import { staffRequestRoutes } from './staff-requests.routes.ts';
import { sendLocked, setStaffCookie, staffSecurityRoutes } from './staff-security.routes.ts';

const PAGE_SIZE = 25;
const tags = ['backoffice'];

const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });
const {
  login,
  logout,
  me,
  staff: staffList,
  createStaff: newStaff,
  players,
  player: playerDetail,
  adjustBalance,
  loginLink,
  contacts,
  smsOutbox,
  audit,
} = BackofficeOperations;

export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  registerOperation(
    app,
    login,
    { tags, config: { rateLimit: { max: config.rateLimits.staffLoginPerMinute, timeWindow: '1 minute' } } },
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
  await app.register(staffRequestRoutes);

  registerOperation(app, logout, { tags }, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    // Any live session ends, a sign-in step too.
    const step = token ? await resolveStaffSignInStep(db, token) : undefined;
    if (token && step) {
      await revokeStaffSession(db, token);
      await recordAudit(db, { type: 'staff', id: step.staff.id, ip: request.ip }, { action: 'staff.logout' });
    }
    reply.clearCookie(STAFF_COOKIE, { path: '/api/backoffice' });
    return { statusCode: 200 as const };
  });

  registerOperation(app, me, { tags }, async (request) => ({
    statusCode: 200 as const,
    staff: toStaffMember(currentStaff(request)),
  }));

  registerOperation(app, staffList, { tags }, async () => ({
    statusCode: 200 as const,
    staff: (await listStaff(db)).map(toStaffMember),
  }));

  registerOperation(app, newStaff, { tags }, async (request) => {
    // An admin or master agent waits for a second, independent admin (decision 044).
    return createStaffOrRequest({ db, sms: app.sms, config }, currentStaff(request), request.body, request.ip);
  });

  registerOperation(app, players, { tags }, async (request) => {
    const { page, q, sort, dir, verified } = request.query;
    const result = await searchPlayers(db, currentStaff(request), {
      q,
      page,
      pageSize: PAGE_SIZE,
      sort,
      dir,
      verified: verified === undefined ? undefined : verified === 'yes',
    });
    return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
  });

  registerOperation(app, playerDetail, { tags }, async (request) => {
    const player = await findPlayerForStaff(db, currentStaff(request), request.params.playerId);
    if (!player) throw notFound(BackofficeMessages.playerNotFound);
    return { statusCode: 200 as const, player, entries: await playerLedgerEntries(db, player.playerId) };
  });

  registerOperation(app, adjustBalance, { tags, headers: idempotencyHeaders }, async (request) => {
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
  });

  registerOperation(app, contacts, { tags }, async (request) => {
    const { page } = request.query;
    return {
      statusCode: 200 as const,
      ...(await listContactMessages(db, page, PAGE_SIZE)),
      page,
      pageSize: PAGE_SIZE,
    };
  });

  registerOperation(app, smsOutbox, { tags }, async (request) => {
    const { page, q } = request.query;
    return {
      statusCode: 200 as const,
      ...(await listSmsOutbox(db, { q, page, pageSize: PAGE_SIZE })),
      page,
      pageSize: PAGE_SIZE,
    };
  });

  registerOperation(
    app,
    loginLink,
    { tags },
    // Admins only, for a written reason (decision 020): an agent who could log in as their player could
    // deposit, approve and withdraw alone.
    async (request) => {
      const staff = currentStaff(request);
      const player = await findPlayerForStaff(db, staff, request.params.playerId);
      if (!player) throw notFound(BackofficeMessages.playerNotFound);
      const link = await issueLoginLink(db, app.sms, staff, player, request.body.reason, request.ip);
      return { statusCode: 200 as const, ...link };
    },
  );

  registerOperation(app, audit, { tags }, async (request) => {
    const { page, ...filter } = request.query;
    if (filter.from && filter.to && filter.from > filter.to) throw badRequest(BackofficeMessages.auditDatesReversed);
    return { statusCode: 200 as const, ...(await listAudit(db, filter, page, PAGE_SIZE)), page, pageSize: PAGE_SIZE };
  });
};
