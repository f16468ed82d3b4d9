import { MasterAgentMessages } from '@karera/shared';

/**
 * Texts of the master-agent registration page (docs/product/screens.md#master-agent-registration).
 * The validation and server texts are the shared MasterAgentMessages word for word
 * ('First name is cannot be empty.', 'Last name is cannot be empty.', 'Invalid email address.').
 */
export const masterAgentTexts = {
  intro:
    'Run your own network of agents and players. Fill in the form and we will review your application; approved master agents get a back-office account by SMS.',
  formTitle: 'Application form',
  email: 'Email',
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  usernameHint: '3-32 letters, digits, dots, dashes or underscores. You will log in to the back office with it.',
  mobile: 'Mobile number',
  mobileHint: '09XXXXXXXXX or +639XXXXXXXXX. We send your login details here.',
  telegram: 'Telegram account',
  telegramHint: 'Your Telegram username, e.g. @juandelacruz',
  selfie: 'Selfie photo',
  selfieHint: 'A clear photo of your face. JPEG, PNG or WebP, at most 5 MB.',
  govId: 'Government ID',
  govIdHint: 'A photo of a valid government ID showing your name and face. JPEG, PNG or WebP, at most 5 MB.',
  preview: 'Preview of your {{photo}}',
  choosePhoto: 'Choose a photo',
  changePhoto: 'Change photo',
  submit: 'Submit',
  submitting: 'Submitting…',
  fixErrors: 'Please check the fields marked below.',
  failed: 'Your application could not be sent. Please try again.',
  successTitle: 'Application received',
  successNext: 'Our team reviews every application. Approved master agents receive their back-office login by SMS.',
  backHome: 'Back to home',
  contactTitle: 'Questions?',
  contactText: 'Email us at',
  contactLoading: 'Loading our contact email',
  /** Keyed like MasterAgentMessages: the shared rules' and the server's texts. */
  messages: MasterAgentMessages,
};
