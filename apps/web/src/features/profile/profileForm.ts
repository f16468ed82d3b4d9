import { PlayerMessages, profileFieldErrors, type ProfileResponse } from '@karera/shared';

export type ProfileField = 'firstName' | 'lastName' | 'email' | 'mobileNo';
export type ProfileValues = Record<ProfileField, string>;

/** The updateProfile body for the profile as it is now. */
export function profileValuesOf(
  profile: Pick<ProfileResponse, 'firstName' | 'lastName' | 'emailAddress' | 'mobileNo'>,
) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.emailAddress ?? '',
    mobileNo: profile.mobileNo,
  } satisfies ProfileValues;
}

/**
 * Per-field messages of the edit form (docs/product/accounts.md#profile-and-password), only for the fields it shows.
 */
export function formErrorsOf(values: ProfileValues, shown: readonly ProfileField[]): Partial<ProfileValues> {
  const all = profileFieldErrors(values);
  const errors: Partial<ProfileValues> = {};
  for (const field of shown) if (all[field]) errors[field] = all[field];
  return errors;
}

/**
 * The single-field popup's message: an empty required field is 'Field cannot be empty.';
 * otherwise that field's profile rule. An empty email removes it.
 */
export function singleFieldError(current: ProfileValues, field: ProfileField, value: string): string | null {
  if (field !== 'email' && value.trim() === '') return PlayerMessages.fieldRequired;
  return profileFieldErrors({ ...current, [field]: value })[field] ?? null;
}

/** /profile?type=password opens Change Password; anything else My Profile. */
export function profileTabOf(type: string | null): 'profile' | 'password' {
  return type === 'password' ? 'password' : 'profile';
}
