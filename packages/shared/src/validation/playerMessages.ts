import { Messages } from './messages.ts';

// Kept apart from the schemas (player.ts) so that screens needing only the texts do not load zod.
/** Player-account messages (docs/product/accounts.md), defined once. */
export const PlayerMessages = {
  ...Messages,
  mobileTaken: 'Mobile number already exist.',
  referralUnknown: 'Please contact us or one of our agents for referral code.',
  nameTooLong: 'First and last name must be at most 30 characters.',
  otpInvalid: 'Invalid OTP number.',
  otpExpired: 'OTP has already expired.',
  otpFormat: 'OTP must be 6 digits.',
  otpResendWait: 'Please wait 60 seconds before requesting another OTP.',
  otpResendLimit: 'Too many OTP requests. Please try again in an hour.',
  otpSendFailed: 'We could not send the OTP right now. Please try again later.',
  unverified: 'Account need to be validate, please enter OTP number.',
  alreadyVerified: 'This account is already verified. Please log in.',
  mobileNotRegistered: 'Mobile number is not registered.',
  loginLimited: 'Too many login attempts. Please try again in 15 minutes.',
  loginOtpRequired:
    'There were several failed logins to this number. To keep your account safe, enter the OTP we sent to it by SMS.',
  currentPasswordRequired: 'Current password cannot be empty.',
  currentPasswordWrong: 'Current password is incorrect.',
  confirmPasswordRequired: 'Confirm password cannot be empty.',
  passwordUpdated: 'Password updated.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  firstNameRequired: 'First name cannot be empty.',
  lastNameRequired: 'Last name cannot be empty.',
  mobileNoRequired: 'Mobile number cannot be empty.',
  fieldRequired: 'Field cannot be empty.',
  profileUpdated: 'Profile updated.',
  mobileChangeOtpSent: 'We sent an OTP to your new mobile number. Enter it to confirm the change.',
  mobileChanged: 'Mobile number updated.',
  noBonusBalance: 'You do not have any bonus balance.',
  loginLinkInvalid: 'This login link is invalid or has expired.',
  otpSent: 'OTP sent.',
  // Payment refusals the player reads (PaymentMessages refers to them): the site shows them in their language.
  referenceSubmitted: 'This reference number was already submitted.',
  staffSessionRefused:
    'This session was opened by our staff to help you. To deposit, withdraw or change your account, please log in yourself.',
} as const;
