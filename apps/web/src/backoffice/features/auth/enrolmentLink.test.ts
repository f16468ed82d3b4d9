import { describe, expect, it } from 'vitest';
import { BackofficeMessages, StaffRequestMessages } from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import type { BoT } from '../../i18n/useT.ts';
import { checkEnrolment, tokenFromFragment } from './enrolmentLink.ts';
import { signInErrorText } from './LoginPage.tsx';

const token = 'A'.repeat(21) + '-_' + 'z9'.repeat(10);

describe('tokenFromFragment', () => {
  it("reads the link's token from the fragment, with or without its '#'", () => {
    expect(tokenFromFragment(`#${token}`)).toBe(token);
    expect(tokenFromFragment(token)).toBe(token);
  });

  it('finds none in an empty, cut or altered fragment', () => {
    for (const hash of ['', '#', `#${token.slice(1)}`, `#${token}x`, `#${token.slice(1)}=`, `#${token.slice(1)}/`]) {
      expect(tokenFromFragment(hash), hash).toBeNull();
    }
  });
});

describe('checkEnrolment', () => {
  const draft = { password: 'my-own-password-1', confirmPassword: 'my-own-password-1', code: ' 123456 ' };

  it('sends the token, the password twice and the trimmed code', () => {
    expect(checkEnrolment(token, draft)).toEqual({ ok: true, body: { token, ...draft, code: '123456' } });
  });

  it("puts each message beside its field, in the server's words", () => {
    expect(checkEnrolment(token, { password: 'short', confirmPassword: 'short', code: '12a' })).toEqual({
      ok: false,
      fieldErrors: { password: BackofficeMessages.staffPasswordLength, code: StaffRequestMessages.codeFormat },
    });
    expect(checkEnrolment(token, { ...draft, confirmPassword: 'my-own-password-2' })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: StaffRequestMessages.passwordsDiffer },
    });
  });
});

describe('signInErrorText', () => {
  const t: BoT = (key) => key;

  it('shows the refusal of a created account that has not enrolled as the server words it', () => {
    const refused = new ApiError(403, StaffRequestMessages.enrolThroughLink, {}, 403);
    expect(signInErrorText(t, refused)).toBe(StaffRequestMessages.enrolThroughLink);
    expect(signInErrorText(t, new ApiError(403, 'Something else.', {}, 403))).toBe('errors.forbidden');
  });
});
