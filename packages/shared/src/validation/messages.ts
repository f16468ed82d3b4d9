/** Every validation and error text of the product (docs/product/), defined once for client and server. */
export const Messages = {
  loginRequired: 'Please enter mobile number and password.',
  fillAllFields: 'Please fill up all fields.',
  passwordLength: 'New password must be 6-18 characters long.',
  confirmMismatch: 'Confirm password enter does not match.',
  acceptTerms: 'Please agree on the terms and conditions.',
  invalidMobile: 'Invalid mobile number.',
  otpRequired: 'Please enter OTP number.',
  mobileRequired: 'Please enter mobile number.',
  invalidEmail: 'Invalid email address.',
  invalidLogin: 'Invalid mobile number or password.',
  sessionExpired: 'session expired, please relogin',
  serverError: 'Error occured, please try again.',
  // Contact form.
  contactNameRequired: 'Please enter your name.',
  contactNameTooLong: 'Name must be at most 100 characters.',
  contactReasonRequired: 'Please choose a reason.',
  contactNotesRequired: 'Please write your message.',
  contactNotesTooLong: 'Message must be at most 2000 characters.',
  contactSent: 'Thank you. Our customer service team will get back to you soon.',
  tooManyRequests: 'Too many requests, please try again later.',
} as const;
