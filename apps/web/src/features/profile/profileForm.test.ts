import { describe, expect, it } from 'vitest';
import { Messages, PlayerMessages } from '@karera/shared';
import { formErrorsOf, profileTabOf, profileValuesOf, singleFieldError } from './profileForm.ts';

const current = profileValuesOf({
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  emailAddress: null,
  mobileNo: '09171234567',
});

describe('profile form', () => {
  it('starts from the profile, with an empty email when none is set', () => {
    expect(current).toEqual({ firstName: 'Juan', lastName: 'Dela Cruz', email: '', mobileNo: '09171234567' });
  });

  it('flags each shown field on its own', () => {
    expect(
      formErrorsOf({ ...current, firstName: ' ', lastName: '', email: 'bad' }, ['firstName', 'lastName', 'email']),
    ).toEqual({
      firstName: PlayerMessages.firstNameRequired,
      lastName: PlayerMessages.lastNameRequired,
      email: Messages.invalidEmail,
    });
    expect(formErrorsOf({ ...current, mobileNo: '' }, ['firstName', 'lastName', 'email'])).toEqual({});
    expect(formErrorsOf({ ...current, email: 'juan@example.ph' }, ['email'])).toEqual({});
  });

  it('says Field cannot be empty. in the single-field popup', () => {
    expect(singleFieldError(current, 'mobileNo', '  ')).toBe(PlayerMessages.fieldRequired);
    expect(singleFieldError(current, 'firstName', '')).toBe(PlayerMessages.fieldRequired);
    expect(singleFieldError(current, 'mobileNo', '12345')).toBe(Messages.invalidMobile);
    expect(singleFieldError(current, 'mobileNo', '+639171234568')).toBeNull();
    expect(singleFieldError(current, 'email', '')).toBeNull();
    expect(singleFieldError(current, 'email', 'x@y')).toBe(Messages.invalidEmail);
    expect(singleFieldError(current, 'lastName', 'x'.repeat(31))).toBe(PlayerMessages.nameTooLong);
  });
});

describe('profileTabOf', () => {
  it('opens Change Password only for type=password', () => {
    expect(profileTabOf('password')).toBe('password');
    expect(profileTabOf(null)).toBe('profile');
    expect(profileTabOf('x')).toBe('profile');
  });
});
