import { describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  BackofficeMessages,
  StaffRequestMessages,
  type CreateStaffResponse,
  type StaffMember,
  type StaffRequestView,
} from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import type { BoT } from '../../i18n/useT.ts';
import { createdText } from './staffForm.ts';
import { staffRequestErrorText, staffRequestTitle } from './staffRequests.ts';

/** A t() that shows which text was chosen and with what. */
const t: BoT = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const request: StaffRequestView = {
  id: 4,
  kind: 'create',
  status: 'pending',
  username: 'ma.cruz',
  displayName: 'Ma Cruz',
  role: 'master_agent',
  mobileNo: '09171234567',
  referralCode: null,
  proposedBy: { id: 1, username: 'admin' },
  proposedAt: '2026-11-28T01:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  staffId: null,
  applicationId: null,
};

describe('staffRequestErrorText', () => {
  it("shows a second admin's refusal as the server words it, not as the generic 'no access'", () => {
    for (const message of [
      StaffRequestMessages.ownRequest,
      ApprovalMessages.secondPersonInLine,
      ApprovalMessages.secondPersonOnProbation,
    ]) {
      expect(staffRequestErrorText(t, new ApiError(403, message, {}, 403))).toBe(message);
    }
    expect(staffRequestErrorText(t, new ApiError(403, BackofficeMessages.forbidden, {}, 403))).toBe('errors.forbidden');
    expect(staffRequestErrorText(t, new ApiError(409, StaffRequestMessages.requestDecided, {}, 409))).toBe(
      StaffRequestMessages.requestDecided,
    );
  });
});

describe('staffRequestTitle', () => {
  it('names the account a request makes, the application it comes from, or the number it changes', () => {
    expect(staffRequestTitle(t, request)).toBe(
      'staffAccess.requests.create {"role":"roles.master_agent","username":"ma.cruz"}',
    );
    expect(staffRequestTitle(t, { ...request, applicationId: 9 })).toContain(
      'staffAccess.requests.fromApplication {"id":9}',
    );
    expect(staffRequestTitle(t, { ...request, kind: 'change_mobile' })).toBe(
      'staffAccess.requests.changeMobile {"username":"ma.cruz"}',
    );
  });
});

describe('createdText', () => {
  const staff: StaffMember = {
    id: 7,
    username: 'ag.one',
    displayName: 'Agent One',
    role: 'agent',
    parentId: 3,
    referralCode: null,
    mobileNo: null,
    createdAt: '2026-11-28T01:00:00.000Z',
  };
  const created = (over: Partial<StaffMember>, enrolmentLinkSent: boolean): CreateStaffResponse => ({
    statusCode: 200,
    outcome: 'created',
    staff: { ...staff, ...over },
    enrolmentLinkSent,
  });

  it('says a request waits for a second admin, a link was texted, or that it must be sent again', () => {
    expect(createdText(t, { statusCode: 200, outcome: 'pending', request })).toBe(
      'staffAccess.pending {"username":"ma.cruz"}',
    );
    expect(createdText(t, created({ mobileNo: '09181234567' }, true))).toBe(
      'staffAccess.createdWithLink {"username":"ag.one"}',
    );
    expect(createdText(t, created({ role: 'admin', mobileNo: '09181234567' }, false))).toBe(
      'staffAccess.createdLinkFailed {"username":"ag.one"}',
    );
    // An agent without two factors gets no link, and needs none.
    expect(createdText(t, created({ mobileNo: '09181234567' }, false))).toBe('staff.created {"username":"ag.one"}');
  });
});
