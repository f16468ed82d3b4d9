import { ApprovalMessages, StatusCode } from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import type { BoT } from '../../i18n/useT.ts';

const MAKER_CHECKER_REFUSALS: ReadonlySet<string> = new Set([
  ApprovalMessages.sameApprover,
  ApprovalMessages.secondApproverRole('agent'),
  ApprovalMessages.secondApproverRole('master_agent'),
  ApprovalMessages.secondApproverRole('admin'),
  // Decision 042: the second person is independent, and whoever let money in does not let it out.
  ApprovalMessages.secondPersonInLine,
  ApprovalMessages.secondPersonBranch,
  ApprovalMessages.secondPersonOnProbation,
  ApprovalMessages.withdrawalAfterIdentityCheck,
  ApprovalMessages.withdrawalAfterCredit,
  ApprovalMessages.withdrawalAfterLineCredit,
]);

/**
 * The sentence for a refused decision. A maker-checker refusal (decision 020) is a 403 that says what to do
 * (ask another staff member), so it is shown as sent rather than as the generic 'no access'.
 */
export function decisionErrorText(t: BoT, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.httpStatus === StatusCode.FORBIDDEN &&
    MAKER_CHECKER_REFUSALS.has(error.message)
  ) {
    return error.message;
  }
  return errorText(t, error);
}
