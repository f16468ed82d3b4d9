import { ApprovalMessages, StaffRequestMessages, StatusCode, type StaffRequestView } from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import type { BoT } from '../../i18n/useT.ts';

/**
 * Refusals of a staff request's approval that say what to do (ask another admin: decision 044): 403s
 * shown as the server words them, rather than as the generic 'no access'.
 */
const SECOND_ADMIN_REFUSALS: ReadonlySet<string> = new Set([
  StaffRequestMessages.ownRequest,
  ApprovalMessages.sameApprover,
  ApprovalMessages.secondPersonInLine,
  ApprovalMessages.secondPersonBranch,
  ApprovalMessages.secondPersonOnProbation,
]);

/** The sentence for a refused staff request decision, a number change or a new link. */
export function staffRequestErrorText(t: BoT, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.httpStatus === StatusCode.FORBIDDEN &&
    SECOND_ADMIN_REFUSALS.has(error.message)
  ) {
    return error.message;
  }
  return errorText(t, error);
}

/** What a request asks for, in one line: the account it makes, or the number it changes. */
export function staffRequestTitle(t: BoT, request: StaffRequestView): string {
  if (request.kind === 'change_mobile') return t('staffAccess.requests.changeMobile', { username: request.username });
  const title = t('staffAccess.requests.create', { role: t(`roles.${request.role}`), username: request.username });
  return request.applicationId === null
    ? title
    : `${title} (${t('staffAccess.requests.fromApplication', { id: request.applicationId })})`;
}
