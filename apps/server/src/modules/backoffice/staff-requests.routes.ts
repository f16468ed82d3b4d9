import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffRequestOperations } from '@karera/shared';
import { currentStaff, confirmEnrolmentLink, enrolmentLinkOffer } from '../staff/index.ts';
import {
  approveStaffRequest,
  listStaffRequests,
  rejectStaffRequest,
  requestMobileChange,
  resendEnrolmentLink,
} from './staff-requests.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

const tags = ['backoffice'];
const {
  staffRequests,
  approveStaffRequest: approve,
  rejectStaffRequest: reject,
  changeStaffMobile,
  resendEnrolmentLink: resend,
  enrolmentLinkOffer: linkOffer,
  enrolmentLinkConfirm: linkConfirm,
} = StaffRequestOperations;

/** Staff requests that need a second admin, and one-time enrolment links (decision 044). */
export const staffRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const deps = { db, sms: app.sms, config };

  registerOperation(app, staffRequests, { tags }, async (request) => ({
    statusCode: 200 as const,
    requests: await listStaffRequests(db, request.query.status),
  }));

  registerOperation(app, approve, { tags }, async (request) => ({
    statusCode: 200 as const,
    ...(await approveStaffRequest(deps, currentStaff(request), request.params.id, request.ip)),
  }));

  registerOperation(app, reject, { tags }, async (request) => ({
    statusCode: 200 as const,
    request: await rejectStaffRequest(db, currentStaff(request), request.params.id, request.ip),
  }));

  registerOperation(app, changeStaffMobile, { tags }, async (request) => ({
    statusCode: 200 as const,
    request: await requestMobileChange(
      db,
      currentStaff(request),
      request.params.staffId,
      request.body.mobileNo,
      request.ip,
    ),
  }));

  registerOperation(app, resend, { tags }, async (request) => ({
    statusCode: 200 as const,
    ...(await resendEnrolmentLink(deps, currentStaff(request), request.params.staffId, request.ip)),
  }));

  // Public: the 256-bit token in the body is the key. Limited per address like the sign-in.
  const linkLimit = { rateLimit: { max: config.rateLimits.staffLoginPerMinute, timeWindow: '1 minute' } };
  registerOperation(app, linkOffer, { tags, config: linkLimit }, async (request) => ({
    statusCode: 200 as const,
    ...(await enrolmentLinkOffer(deps, request.body.token)),
  }));

  registerOperation(app, linkConfirm, { tags, config: linkLimit }, async (request) => ({
    statusCode: 200 as const,
    ...(await confirmEnrolmentLink(deps, request.body, request.ip)),
  }));
};
