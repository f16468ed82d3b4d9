import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffRequestOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import {
  approveStaffRequest,
  listStaffRequests,
  rejectStaffRequest,
  requestMobileChange,
  resendEnrolmentLink,
} from './staff-requests.service.ts';
import { confirmEnrolmentLink, enrolmentLinkOffer } from '../staff/index.ts';

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

  app.get(
    staffRequests.path,
    { schema: schemaOf(staffRequests, tags), preHandler: requireStaff('admin') },
    async (request) => ({ statusCode: 200 as const, requests: await listStaffRequests(db, request.query.status) }),
  );

  app.post(approve.path, { schema: schemaOf(approve, tags), preHandler: requireStaff('admin') }, async (request) => ({
    statusCode: 200 as const,
    ...(await approveStaffRequest(deps, currentStaff(request), request.params.id, request.ip)),
  }));

  app.post(reject.path, { schema: schemaOf(reject, tags), preHandler: requireStaff('admin') }, async (request) => ({
    statusCode: 200 as const,
    request: await rejectStaffRequest(db, currentStaff(request), request.params.id, request.ip),
  }));

  app.post(
    changeStaffMobile.path,
    { schema: schemaOf(changeStaffMobile, tags), preHandler: requireStaff('admin') },
    async (request) => ({
      statusCode: 200 as const,
      request: await requestMobileChange(
        db,
        currentStaff(request),
        request.params.staffId,
        request.body.mobileNo,
        request.ip,
      ),
    }),
  );

  app.post(resend.path, { schema: schemaOf(resend, tags), preHandler: requireStaff('admin') }, async (request) => ({
    statusCode: 200 as const,
    ...(await resendEnrolmentLink(deps, currentStaff(request), request.params.staffId, request.ip)),
  }));

  // Public: the 256-bit token in the body is the key. Limited per address like the sign-in.
  const linkLimit = { rateLimit: { max: config.rateLimits.staffLoginPerMinute, timeWindow: '1 minute' } };
  app.post(linkOffer.path, { schema: schemaOf(linkOffer, tags), config: linkLimit }, async (request) => ({
    statusCode: 200 as const,
    ...(await enrolmentLinkOffer(deps, request.body.token)),
  }));

  app.post(linkConfirm.path, { schema: schemaOf(linkConfirm, tags), config: linkLimit }, async (request) => ({
    statusCode: 200 as const,
    ...(await confirmEnrolmentLink(deps, request.body, request.ip)),
  }));
};
