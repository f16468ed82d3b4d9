import { describe, expect, it } from 'vitest';
import { BackofficeMessages } from '@karera/shared';
import { checkStaff, EMPTY_STAFF_DRAFT } from './staffForm.ts';

const valid = { ...EMPTY_STAFF_DRAFT, username: 'agent.one', displayName: 'Agent One', password: 'long-enough-1' };

describe('checkStaff', () => {
  it('requires a master agent for an agent and sends it as a number', () => {
    expect(checkStaff(valid)).toEqual({ ok: false, fieldErrors: { parentId: BackofficeMessages.parentRequired } });
    expect(checkStaff({ ...valid, parentId: '7', referralCode: 'abcd12' })).toEqual({
      ok: true,
      body: { ...valid, parentId: 7, referralCode: 'ABCD12' },
    });
  });

  it('drops parent and referral code where the role has none', () => {
    expect(checkStaff({ ...valid, role: 'admin', parentId: '7', referralCode: 'ABCD' })).toMatchObject({
      ok: true,
      body: { role: 'admin', parentId: null, referralCode: null },
    });
    expect(checkStaff({ ...valid, role: 'master_agent', parentId: '7' })).toMatchObject({
      ok: true,
      body: { role: 'master_agent', parentId: null, referralCode: null },
    });
  });

  it('puts each schema message beside its field', () => {
    expect(
      checkStaff({
        ...EMPTY_STAFF_DRAFT,
        role: 'master_agent',
        username: 'a b',
        password: 'short',
        referralCode: 'x!',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        username: BackofficeMessages.usernameFormat,
        displayName: BackofficeMessages.displayNameRequired,
        password: BackofficeMessages.staffPasswordLength,
        referralCode: BackofficeMessages.referralCodeFormat,
      },
    });
  });
});
