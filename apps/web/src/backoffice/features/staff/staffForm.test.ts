import { describe, expect, it } from 'vitest';
import { BackofficeMessages } from '@karera/shared';
import { checkStaff, EMPTY_STAFF_DRAFT } from './staffForm.ts';

const valid = { ...EMPTY_STAFF_DRAFT, username: 'agent.one', displayName: 'Agent One', password: 'long-enough-1' };

describe('checkStaff', () => {
  it('requires a master agent for an agent and sends it as a number', () => {
    expect(checkStaff(valid)).toEqual({ ok: false, fieldErrors: { parentId: BackofficeMessages.parentRequired } });
    expect(checkStaff({ ...valid, parentId: '7', referralCode: 'abcd12' })).toEqual({
      ok: true,
      body: {
        username: valid.username,
        displayName: valid.displayName,
        password: valid.password,
        role: 'agent',
        parentId: 7,
        referralCode: 'ABCD12',
      },
    });
  });

  it('drops parent and referral code where the role has none', () => {
    expect(
      checkStaff({ ...valid, role: 'admin', parentId: '7', referralCode: 'ABCD', mobileNo: '09171234567' }),
    ).toMatchObject({
      ok: true,
      body: { role: 'admin', parentId: null, referralCode: null },
    });
    expect(checkStaff({ ...valid, role: 'master_agent', parentId: '7', mobileNo: '09171234567' })).toMatchObject({
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
        mobileNo: BackofficeMessages.staffMobileFormat,
      },
    });
  });

  it("wants an admin's and a master agent's own number, and sends any number in its stored form", () => {
    for (const role of ['admin', 'master_agent'] as const) {
      expect(checkStaff({ ...valid, role })).toEqual({
        ok: false,
        fieldErrors: { mobileNo: BackofficeMessages.staffMobileFormat },
      });
      expect(checkStaff({ ...valid, role, mobileNo: '0917 12' })).toEqual({
        ok: false,
        fieldErrors: { mobileNo: BackofficeMessages.staffMobileFormat },
      });
      expect(checkStaff({ ...valid, role, mobileNo: ' +639171234567 ' })).toMatchObject({
        ok: true,
        body: { role, mobileNo: '09171234567' },
      });
    }
    // An agent's number is optional: sent only when given.
    const agent = checkStaff({ ...valid, parentId: '7' });
    expect(agent.ok && 'mobileNo' in agent.body).toBe(false);
    expect(checkStaff({ ...valid, parentId: '7', mobileNo: '09181234567' })).toMatchObject({
      ok: true,
      body: { mobileNo: '09181234567' },
    });
  });
});
