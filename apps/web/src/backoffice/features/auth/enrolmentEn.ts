/** Texts of the page a staff member's one-time enrolment link opens (decision 044). */
export const enrolmentEn = {
  title: 'Set up your back-office sign-in',
  loading: 'Checking your link',
  account: 'Account: {{displayName}} ({{username}})',
  intro:
    'Choose your own password, then add Karera to an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis …). This link works once.',
  noToken:
    'This page opens from the link texted to your own mobile number. Open the whole link from the SMS, or ask an admin to send a new one.',
  passwordStep: '1. Your password',
  password: 'New password',
  passwordHint: '10-128 characters. Whoever created your account does not know it.',
  confirmPassword: 'New password again',
  appStep: '2. Your authenticator app',
  qrAlt: 'QR code to add Karera to your authenticator app',
  secretLabel: 'Or type this key into the app',
  code: 'Code from the app',
  codeHint: 'The 6 digits the app shows for Karera now.',
  submit: 'Set up sign-in',
  fixErrors: 'Please check the fields marked below.',
  doneTitle: 'Your sign-in is set up',
  doneIntro: 'Sign in to the back office with your username {{username}}, your new password and a code from the app.',
  signIn: 'Go to sign-in',
} as const;
