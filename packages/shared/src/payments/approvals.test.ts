import { describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  approvalSettingsSchema,
  DEFAULT_APPROVAL_SETTINGS,
  maySecondApprove,
  secondApprovalRefusal,
  needsSecondApproval,
} from './approvals.ts';

describe('maker-checker rules', () => {
  it('wants a higher role for the second approval, and another admin after an admin', () => {
    expect(maySecondApprove('agent', 'agent')).toBe(false);
    expect(maySecondApprove('agent', 'master_agent')).toBe(true);
    expect(maySecondApprove('agent', 'admin')).toBe(true);
    expect(maySecondApprove('master_agent', 'master_agent')).toBe(false);
    expect(maySecondApprove('master_agent', 'agent')).toBe(false);
    expect(maySecondApprove('master_agent', 'admin')).toBe(true);
    expect(maySecondApprove('admin', 'admin')).toBe(true);
    expect(maySecondApprove('admin', 'master_agent')).toBe(false);
  });

  it('needs two approvals strictly above the threshold, for credits and debits alike', () => {
    expect(needsSecondApproval(1_000_000, 1_000_000)).toBe(false);
    expect(needsSecondApproval(1_000_001, 1_000_000)).toBe(true);
    expect(needsSecondApproval(-1_000_001, 1_000_000)).toBe(true);
  });

  it('takes settings only as integer centavos in range, with null for no daily limit', () => {
    expect(approvalSettingsSchema.safeParse(DEFAULT_APPROVAL_SETTINGS).success).toBe(true);
    for (const bad of [
      { ...DEFAULT_APPROVAL_SETTINGS, depositSecondApprovalAbove: 10.5 },
      { ...DEFAULT_APPROVAL_SETTINGS, adjustmentSecondApprovalAbove: '100' },
      { ...DEFAULT_APPROVAL_SETTINGS, dailyApprovalLimits: { agent: 0, master_agent: null, admin: null } },
      { ...DEFAULT_APPROVAL_SETTINGS, dailyApprovalLimits: { agent: null, master_agent: null } },
    ]) {
      expect(approvalSettingsSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('secondApprovalRefusal', () => {
  it('refuses the first approver themselves, then a role too low, as the server does', () => {
    const admin = { id: 1, role: 'admin' as const };
    expect(secondApprovalRefusal(admin, admin)).toBe(ApprovalMessages.sameApprover);
    expect(secondApprovalRefusal(admin, { id: 2, role: 'master_agent' })).toBe(
      ApprovalMessages.secondApproverRole('admin'),
    );
    expect(secondApprovalRefusal(admin, { id: 2, role: 'admin' })).toBeNull();
    expect(secondApprovalRefusal({ id: 3, role: 'agent' }, { id: 4, role: 'master_agent' })).toBeNull();
  });
});
