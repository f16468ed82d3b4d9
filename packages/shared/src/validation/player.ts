import { z } from 'zod';
import { normalizeMobile } from '../mobile.ts';
import { playerIdInputSchema } from './ids.ts';
import { Messages } from './messages.ts';
import { PlayerMessages } from './playerMessages.ts';
import { lazySchema } from './lazySchema.ts';

export { PlayerMessages };

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 18;
const NAME_MAX = 30;
export const OTP_LENGTH = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Any string (even empty) passes the shape; the rules below decide, in the order the form reports them. */
const text = (message: string) => z.string(message);
const optionalSession = {
  sessionId: lazySchema(() => z.string().max(200).optional()),
  playerId: lazySchema(() => z.union([z.number().int(), z.string().max(20)]).optional()),
};

function firstFailure(rules: readonly [boolean, string][]): string | null {
  for (const [failed, message] of rules) if (failed) return message;
  return null;
}

function withRules<T extends z.ZodType>(schema: T, rules: (value: z.output<T>) => string | null) {
  return schema.superRefine((value, ctx) => {
    const message = rules(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const registerSchema = lazySchema(() =>
  withRules(
    z.strictObject({
      mobileNo: text(Messages.fillAllFields),
      firstName: text(Messages.fillAllFields),
      lastName: text(Messages.fillAllFields),
      password: text(Messages.fillAllFields),
      confirmPassword: text(Messages.fillAllFields),
      referralCode: z.string().max(40).optional(),
      acceptTerms: z.boolean(Messages.acceptTerms),
    }),
    (v) =>
      firstFailure([
        [
          [v.mobileNo, v.firstName, v.lastName, v.password, v.confirmPassword].some((f) => f.trim() === ''),
          Messages.fillAllFields,
        ],
        [v.password.length < PASSWORD_MIN || v.password.length > PASSWORD_MAX, Messages.passwordLength],
        [v.password !== v.confirmPassword, Messages.confirmMismatch],
        [!v.acceptTerms, Messages.acceptTerms],
        [normalizeMobile(v.mobileNo) === null, Messages.invalidMobile],
        [v.firstName.trim().length > NAME_MAX || v.lastName.trim().length > NAME_MAX, PlayerMessages.nameTooLong],
      ]),
  ),
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = lazySchema(() =>
  withRules(z.strictObject({ mobileNo: text(Messages.loginRequired), password: text(Messages.loginRequired) }), (v) =>
    firstFailure([[v.mobileNo.trim() === '' || v.password === '', Messages.loginRequired]]),
  ),
);
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Type P verifies a new account; type M confirms a change of mobile number (logged in); type L is the code
 * a number needs beside its password after repeated failed logins (decision 022).
 */
export const otpSchema = lazySchema(() =>
  withRules(
    z.strictObject({
      otp: text(Messages.otpRequired),
      playerId: playerIdInputSchema.optional(),
      type: z.enum(['P', 'M', 'L']),
      sessionId: optionalSession.sessionId,
    }),
    (v) =>
      firstFailure([
        [v.otp.trim() === '', Messages.otpRequired],
        [!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(v.otp.trim()), PlayerMessages.otpFormat],
        [v.type !== 'M' && v.playerId === undefined, Messages.otpRequired],
      ]),
  ),
);
export type OtpInput = z.infer<typeof otpSchema>;

export const mobileOnlySchema = lazySchema(() =>
  withRules(z.strictObject({ mobileNo: text(Messages.mobileRequired) }), (v) =>
    firstFailure([
      [v.mobileNo.trim() === '', Messages.mobileRequired],
      [normalizeMobile(v.mobileNo) === null, Messages.invalidMobile],
    ]),
  ),
);
export type MobileOnlyInput = z.infer<typeof mobileOnlySchema>;

export const resetPasswordSchema = lazySchema(() =>
  withRules(
    z.strictObject({
      playerId: playerIdInputSchema,
      otp: text(Messages.otpRequired),
      password: text(Messages.passwordLength),
      confirmPassword: text(Messages.confirmMismatch),
    }),
    (v) =>
      firstFailure([
        [v.otp.trim() === '', Messages.otpRequired],
        [v.password.length < PASSWORD_MIN || v.password.length > PASSWORD_MAX, Messages.passwordLength],
        [v.password !== v.confirmPassword, Messages.confirmMismatch],
      ]),
  ),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = lazySchema(() =>
  withRules(
    z.strictObject({
      currentPassword: text(PlayerMessages.currentPasswordRequired),
      newPassword: text(Messages.passwordLength),
      confirmPassword: text(PlayerMessages.confirmPasswordRequired),
      ...optionalSession,
    }),
    (v) =>
      firstFailure([
        [v.currentPassword === '', PlayerMessages.currentPasswordRequired],
        [v.newPassword.length < PASSWORD_MIN || v.newPassword.length > PASSWORD_MAX, Messages.passwordLength],
        [v.confirmPassword === '', PlayerMessages.confirmPasswordRequired],
        [v.newPassword !== v.confirmPassword, Messages.confirmMismatch],
      ]),
  ),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Every profile rule (docs/product/accounts.md#profile-and-password), field by field, so a form can flag each one. */
export function profileFieldErrors(v: { firstName: string; lastName: string; email: string; mobileNo: string }) {
  const errors: Partial<Record<'firstName' | 'lastName' | 'email' | 'mobileNo', string>> = {};
  if (v.firstName.trim() === '') errors.firstName = PlayerMessages.firstNameRequired;
  else if (v.firstName.trim().length > NAME_MAX) errors.firstName = PlayerMessages.nameTooLong;
  if (v.lastName.trim() === '') errors.lastName = PlayerMessages.lastNameRequired;
  else if (v.lastName.trim().length > NAME_MAX) errors.lastName = PlayerMessages.nameTooLong;
  if (v.mobileNo.trim() === '') errors.mobileNo = PlayerMessages.mobileNoRequired;
  else if (normalizeMobile(v.mobileNo) === null) errors.mobileNo = Messages.invalidMobile;
  if (v.email.trim() !== '' && !EMAIL.test(v.email.trim())) errors.email = Messages.invalidEmail;
  return errors;
}

export const updateProfileSchema = lazySchema(() =>
  z
    .strictObject({
      firstName: z.string(PlayerMessages.firstNameRequired),
      lastName: z.string(PlayerMessages.lastNameRequired),
      email: z.string().max(254).default(''),
      mobileNo: z.string(PlayerMessages.mobileNoRequired),
      ...optionalSession,
    })
    .superRefine((value, ctx) => {
      for (const [field, message] of Object.entries(profileFieldErrors(value))) {
        ctx.addIssue({ code: 'custom', message, path: [field] });
      }
    }),
);
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** Session-only calls (getBalance, getProfile, logout) may carry a sessionId + playerId pair; the cookie is enough. */
export const sessionOnlySchema = lazySchema(() => z.strictObject(optionalSession));

export const linkLoginSchema = lazySchema(() =>
  z.strictObject({
    playerId: playerIdInputSchema,
    token: z.string().min(20).max(200),
  }),
);
