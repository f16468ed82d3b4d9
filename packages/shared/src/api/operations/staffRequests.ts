import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';

import {
  enrolmentLinkDoneResponseSchema,
  enrolmentLinkOfferResponseSchema,
  enrolmentLinkSentResponseSchema,
  staffRequestDecisionResponseSchema,
  staffRequestListResponseSchema,
  staffRequestResponseSchema,
} from '../schemas/staffRequests.ts';
import {
  changeStaffMobileSchema,
  enrolmentLinkConfirmSchema,
  enrolmentLinkOfferSchema,
} from '../../validation/staffRequests.ts';

const requestParams = z.strictObject({ id: idParam });
const staffParams = z.strictObject({ staffId: idParam });
const REQUEST = '/api/backoffice/staff-requests/:id';
const STAFF = '/api/backoffice/staff/:staffId';

/**
 * Staff creation under two admins and enrolment by one-time link (decision 044). Every change is audited;
 * no answer and no audit entry carries an enrolment link or its token.
 */
export const StaffRequestOperations = defineOperations({
  staffRequests: {
    method: 'GET',
    path: '/api/backoffice/staff-requests',
    audience: Audiences.admins,
    summary: 'Requests to create an admin or master agent or change a staff number, pending first (admins)',
    querystring: z.strictObject({ status: z.enum(['pending', 'decided']).default('pending') }),
    response: staffRequestListResponseSchema,
  },
  approveStaffRequest: {
    method: 'POST',
    path: `${REQUEST}/approve`,
    audience: Audiences.admins,
    summary: 'Applies a request: by an admin independent of the one who asked (not in their line, past probation)',
    params: requestParams,
    body: z.strictObject({}).optional(),
    response: staffRequestDecisionResponseSchema,
  },
  rejectStaffRequest: {
    method: 'POST',
    path: `${REQUEST}/reject`,
    audience: Audiences.admins,
    summary: 'Rejects a pending request (admins, the one who asked included)',
    params: requestParams,
    body: z.strictObject({}).optional(),
    response: staffRequestResponseSchema,
  },
  changeStaffMobile: {
    method: 'POST',
    path: `${STAFF}/mobile`,
    audience: Audiences.admins,
    summary: 'Asks for a new mobile number for a staff member; a second, independent admin applies it (admins)',
    params: staffParams,
    body: changeStaffMobileSchema,
    response: staffRequestResponseSchema,
  },
  resendEnrolmentLink: {
    method: 'POST',
    path: `${STAFF}/enrolment-link`,
    audience: Audiences.admins,
    summary:
      'Texts a new one-time enrolment link to the number on file of a staff member not enrolled yet; older links stop working (admins)',
    params: staffParams,
    body: z.strictObject({}).optional(),
    response: enrolmentLinkSentResponseSchema,
  },
  enrolmentLinkOffer: {
    method: 'POST',
    path: '/api/staff-enrolment/offer',
    audience: Audiences.public,
    summary: "An enrolment link's account and its new authenticator secret with QR code (rate limited)",
    body: enrolmentLinkOfferSchema,
    response: enrolmentLinkOfferResponseSchema,
  },
  enrolmentLinkConfirm: {
    method: 'POST',
    path: '/api/staff-enrolment/confirm',
    audience: Audiences.public,
    summary:
      "Spends an enrolment link: the staff member's own password and authenticator, recovery codes shown once (rate limited)",
    body: enrolmentLinkConfirmSchema,
    response: enrolmentLinkDoneResponseSchema,
  },
});

/**
 * Staff creation under two admins and enrolment by one-time link (decision 044). Requests and links are
 * back-office calls (admins); the enrolment link's own calls are public: the token in the body is the key.
 * Built from the operations, so each path is written once.
 */
export const StaffRequestRoutes = {
  requests: StaffRequestOperations.staffRequests.path, // GET ?status= -> StaffRequestListResponse (admin)
  approve: pathOfOne(StaffRequestOperations.approveStaffRequest), // POST {} (another, independent admin)
  reject: pathOfOne(StaffRequestOperations.rejectStaffRequest), // POST {} (admin)
  // POST ChangeStaffMobileInput -> StaffRequestResponse (admin; a second admin approves)
  changeMobile: pathOfOne(StaffRequestOperations.changeStaffMobile),
  // POST {} -> EnrolmentLinkSentResponse (admin): a new link to the number on file; older links stop working
  resendEnrolmentLink: pathOfOne(StaffRequestOperations.resendEnrolmentLink),
  linkOffer: StaffRequestOperations.enrolmentLinkOffer.path, // POST { token } -> EnrolmentLinkOfferResponse
  // POST EnrolmentLinkConfirmInput -> EnrolmentLinkDoneResponse
  linkConfirm: StaffRequestOperations.enrolmentLinkConfirm.path,
} as const;
