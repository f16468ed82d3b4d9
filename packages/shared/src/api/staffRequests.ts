import type { z } from 'zod';
import type {
  createStaffResponseSchema,
  enrolmentLinkDoneResponseSchema,
  enrolmentLinkOfferResponseSchema,
  enrolmentLinkSentResponseSchema,
  staffRequestDecisionResponseSchema,
  staffRequestListResponseSchema,
  staffRequestViewSchema,
} from './schemas/staffRequests.ts';

/**
 * Staff creation under two admins and enrolment by one-time link (decision 044). Requests and links are
 * back-office calls (admins); the enrolment link's own calls are public: the token in the body is the key.
 */
export const StaffRequestRoutes = {
  requests: '/api/backoffice/staff-requests', // GET ?status= -> StaffRequestListResponse (admin)
  approve: (id: number) => `/api/backoffice/staff-requests/${id}/approve`, // POST {} (another, independent admin)
  reject: (id: number) => `/api/backoffice/staff-requests/${id}/reject`, // POST {} (admin)
  // POST ChangeStaffMobileInput -> StaffRequestResponse (admin; a second admin approves)
  changeMobile: (staffId: number) => `/api/backoffice/staff/${staffId}/mobile`,
  // POST {} -> EnrolmentLinkSentResponse (admin): a new link to the number on file; older links stop working
  resendEnrolmentLink: (staffId: number) => `/api/backoffice/staff/${staffId}/enrolment-link`,
  linkOffer: '/api/staff-enrolment/offer', // POST { token } -> EnrolmentLinkOfferResponse
  linkConfirm: '/api/staff-enrolment/confirm', // POST EnrolmentLinkConfirmInput -> EnrolmentLinkDoneResponse
} as const;

/**
 * The web page a link opens, in the back office (outside its sign-in); the token rides in the fragment,
 * which browsers never send to a server.
 */
export const STAFF_ENROLMENT_PAGE = '/backoffice/staff-enrolment';

export type StaffRequestView = z.infer<typeof staffRequestViewSchema>;
export type StaffRequestListResponse = z.infer<typeof staffRequestListResponseSchema>;
export type CreateStaffResponse = z.infer<typeof createStaffResponseSchema>;
export type StaffRequestDecisionResponse = z.infer<typeof staffRequestDecisionResponseSchema>;
export type EnrolmentLinkSentResponse = z.infer<typeof enrolmentLinkSentResponseSchema>;
export type EnrolmentLinkOfferResponse = z.infer<typeof enrolmentLinkOfferResponseSchema>;
export type EnrolmentLinkDoneResponse = z.infer<typeof enrolmentLinkDoneResponseSchema>;
