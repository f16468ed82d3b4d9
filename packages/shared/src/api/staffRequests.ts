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

// StaffRequestRoutes is built from its operations: api/operations/staffRequests.ts.

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
