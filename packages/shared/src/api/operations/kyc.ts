import { z } from 'zod';
import { Audiences, defineOperations, messageResponseSchema, pathOfOne, pathTo } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  KYC_PHOTO_KINDS,
  kycDecisionSchema,
  kycPlayerResponseSchema,
  kycQueueQuerySchema,
  kycQueueResponseSchema,
  kycStatusResponseSchema,
  kycSubmissionResponseSchema,
  kycSubmissionSchema,
  type KycPhotoKind,
} from '../../compliance/kyc.ts';

const BACKOFFICE_KYC = '/api/backoffice/kyc';

export const kycSubmissionParamsSchema = z.strictObject({ id: idParam });
export const kycPlayerParamsSchema = z.strictObject({ playerId: idParam });
/** The photo route's path (its answer is image bytes, so it is not one of the JSON operations below). */
export const kycPhotoParamsSchema = kycSubmissionParamsSchema.extend({ kind: z.enum(KYC_PHOTO_KINDS) });
export const KYC_PHOTO_ROUTE = `${BACKOFFICE_KYC}/:id/photos/:kind`;

const SUBMISSION = `${BACKOFFICE_KYC}/:id`;
const emptyBody = z.strictObject({}).optional();

export const KycOperations = defineOperations({
  status: {
    method: 'GET',
    path: '/api/kyc/status',
    audience: Audiences.player,
    summary: "The player's identity verification: none, pending, verified, rejected or resubmit, with staff's reason",
    response: kycStatusResponseSchema,
  },
  submit: {
    method: 'POST',
    path: '/api/kyc/submit',
    audience: Audiences.player,
    summary:
      'Submits identity verification: legal name, date of birth (21+), ID, ID photo and selfie (base64), declarations',
    body: kycSubmissionSchema,
    response: messageResponseSchema,
  },
  queue: {
    method: 'GET',
    path: BACKOFFICE_KYC,
    audience: Audiences.admins,
    summary: 'Identity verifications by status, oldest first (admins and master agents)',
    querystring: kycQueueQuerySchema,
    response: kycQueueResponseSchema,
  },
  detail: {
    method: 'GET',
    path: SUBMISSION,
    audience: Audiences.admins,
    summary: "One identity verification with its photos' sizes and other accounts using the same ID",
    params: kycSubmissionParamsSchema,
    response: kycSubmissionResponseSchema,
  },
  player: {
    method: 'GET',
    path: `${BACKOFFICE_KYC}/players/:playerId`,
    audience: Audiences.admins,
    summary: "A player's verification status and submissions (back-office player page)",
    params: kycPlayerParamsSchema,
    response: kycPlayerResponseSchema,
  },
  approve: {
    method: 'POST',
    path: `${SUBMISSION}/approve`,
    audience: Audiences.admins,
    summary: 'Approves a pending verification (refused when another account holds the same ID verified); audited',
    params: kycSubmissionParamsSchema,
    body: emptyBody,
    response: kycSubmissionResponseSchema,
  },
  reject: {
    method: 'POST',
    path: `${SUBMISSION}/reject`,
    audience: Audiences.admins,
    summary: 'Rejects a pending verification with a reason the player reads; audited',
    params: kycSubmissionParamsSchema,
    body: kycDecisionSchema,
    response: kycSubmissionResponseSchema,
  },
  askAgain: {
    method: 'POST',
    path: `${SUBMISSION}/ask-again`,
    audience: Audiences.admins,
    summary: 'Asks the player to submit again, with a reason the player reads; audited',
    params: kycSubmissionParamsSchema,
    body: kycDecisionSchema,
    response: kycSubmissionResponseSchema,
  },
});

/**
 * Identity verification: the player's form and status, and the staff review (decision 033). Built from the
 * operations, so each path is written once (the photo's is the file route's).
 */
export const KycRoutes = {
  status: KycOperations.status.path,
  submit: KycOperations.submit.path,
  queue: KycOperations.queue.path,
  submission: pathOfOne(KycOperations.detail),
  /** JPEG bytes, never cached; each view is audited. */
  photo: (id: number, kind: KycPhotoKind) => pathTo({ path: KYC_PHOTO_ROUTE }, { id, kind }),
  player: pathOfOne(KycOperations.player),
} as const;
