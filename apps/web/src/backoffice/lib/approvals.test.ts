import { describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  DualControlKinds,
  DualControlMessages,
  StatusCode,
  type DualControlRequestView,
} from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import type { BoT } from '../i18n/useT.ts';
import { approvalErrorText, pendingOfKind } from './approvals.ts';

function request(id: number, kind: string): DualControlRequestView {
  return {
    id,
    kind,
    subject: kind,
    summary: { title: `Request ${id}`, changes: [] },
    status: 'pending',
    proposedBy: { id: 1, username: 'admin', displayName: 'Administrator' },
    proposedAt: '2026-11-28T00:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
  };
}

describe('pendingOfKind', () => {
  it('keeps the waiting requests of one kind, in the order the server lists them', () => {
    const list = {
      pending: [
        request(1, DualControlKinds.toteSetting),
        request(2, DualControlKinds.approvalSettings),
        request(3, DualControlKinds.toteSetting),
      ],
    };
    expect(pendingOfKind(list, DualControlKinds.toteSetting).map((r) => r.id)).toEqual([1, 3]);
    expect(pendingOfKind(list, DualControlKinds.paymentLimits)).toEqual([]);
  });

  it('is empty while the list is not loaded', () => {
    expect(pendingOfKind(undefined, DualControlKinds.toteSetting)).toEqual([]);
  });
});

describe('approvalErrorText', () => {
  const t = ((key: string) => key) as unknown as BoT;
  const refused = (message: string, status: number = StatusCode.FORBIDDEN) => new ApiError(status, message, {}, status);

  it('shows a refusal that says who may approve as the server words it', () => {
    for (const message of [
      DualControlMessages.proposerCannotApprove,
      DualControlMessages.approverMustBeAdmin,
      ApprovalMessages.secondPersonInLine,
      ApprovalMessages.secondPersonOnProbation,
    ]) {
      expect(approvalErrorText(t, refused(message))).toBe(message);
    }
  });

  it('keeps any other 403 generic, and other refusals in their own words', () => {
    expect(approvalErrorText(t, refused('Staff only.'))).toBe('errors.forbidden');
    expect(approvalErrorText(t, refused(DualControlMessages.alreadyDecided, 409))).toBe(
      DualControlMessages.alreadyDecided,
    );
  });
});
