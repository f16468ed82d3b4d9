/** The module's public face: what the rest of the server may use. */
export { lineOf, secondPersonRefusal } from './independent-approvers.ts';
export { STAFF_SESSION_SMS, issueLoginLink } from './login-links.ts';
export { freeReferralCode } from './referral-codes.ts';
export { auditStaffRefusals } from './refusal-audit.ts';
export {
  confirmEnrolmentLink,
  enrolmentLinkOffer,
  revokeEnrolmentLinks,
  sendEnrolmentLink,
  type EnrolmentLinkDeps,
} from './staff-enrolment-links.ts';
export {
  STAFF_COOKIE,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SIGN_IN_STEP_MS,
  resolveStaffSession,
  resolveStaffSignInStep,
  revokeAllStaffSessions,
  revokeStaffSession,
  type StaffSignInStep,
} from './staff-sessions.ts';
export { sealTotpSecret, totpCodeForStep, totpStepAt } from './staff-totp.ts';
export {
  confirmEnrolment,
  enrolmentOffer,
  regenerateRecoveryCodes,
  resetTwoFactor,
  securityStatus,
  twoFactorRequired,
} from './staff-two-factor.service.ts';
export {
  findStaffById,
  findStaffByReferralCode,
  findStaffByUsername,
  insertStaff,
  listStaff,
  replaceRecoveryCodes,
  setTotpSecret,
  toStaffMember,
} from './staff.repo.ts';
export { createStaff, loginStaff, submitSignInCode, type ParsedCreateStaff } from './staff.service.ts';
export { scopePlayersToStaff, staffInSubtree, subtreeIds } from './subtree.ts';
export { currentStaff, isStaffGuard, requireStaff, requireStaffCookie, runStaffGuardsFirst } from './staff-auth.ts';
