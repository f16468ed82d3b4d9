import { Messages } from './messages.ts';
import { PlayerMessages } from './playerMessages.ts';

// Kept apart from the schemas (masterAgent.ts) so that screens needing only the texts do not load zod.

/** The texts of the master-agent form, defined once. */
export const MasterAgentMessages = {
  firstNameRequired: 'First name is cannot be empty.',
  lastNameRequired: 'Last name is cannot be empty.',
  invalidEmail: Messages.invalidEmail,
  nameTooLong: PlayerMessages.nameTooLong,
  usernameRequired: 'Username cannot be empty.',
  /** The same as BackofficeMessages.usernameFormat (staff usernames), without loading the staff schemas. */
  usernameFormat: 'Username must be 3-32 letters, digits, dots, dashes or underscores.',
  usernameTaken: 'This username is already taken. Please choose another.',
  mobileRequired: PlayerMessages.mobileNoRequired,
  invalidMobile: Messages.invalidMobile,
  telegramRequired: 'Telegram account cannot be empty.',
  telegramFormat: 'Enter your Telegram username, e.g. @juandelacruz (5-32 letters, digits or underscores).',
  selfieRequired: 'Please add a selfie photo.',
  govIdRequired: 'Please add a photo of your government ID.',
  photoType: 'Please use a JPEG, PNG or WebP photo.',
  photoTooLarge: 'The photo is too large (at most 5 MB).',
  photoDimensions: 'The photo is too large (at most 25 megapixels, 10,000 pixels a side).',
  photoCorrupt: 'The photo could not be read. Please take or choose another photo.',
  received: 'Application received. We will contact you by SMS or Telegram once it is reviewed.',
  // Back office.
  notFound: 'Application not found.',
  alreadyDecided: 'This application was already decided.',
  usernameTakenByStaff:
    'A staff account already uses this username. Decline the application, or ask the applicant to apply again with another username.',
  declineReason: 'A reason of at least 5 characters is required.',
  notApproved: 'Only an approved application has a master-agent account.',
  approvalWaiting:
    'This application is already approved once and waits for a second, independent admin on the Staff requests page.',
} as const;

export const MASTER_AGENT_NAME_MAX = 30;
export const MASTER_AGENT_EMAIL_MAX = 254;
/** Per photo, as uploaded; the server also refuses more pixels than a phone camera makes. */
export const MASTER_AGENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const MASTER_AGENT_PHOTO_MAX_PIXELS = 25_000_000;
export const MASTER_AGENT_PHOTO_MAX_SIDE = 10_000;
export const MASTER_AGENT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Base64 of the largest photo, with room for a data: URL prefix. */
export const MASTER_AGENT_PHOTO_MAX_BASE64 = Math.ceil(MASTER_AGENT_PHOTO_MAX_BYTES / 3) * 4 + 100;

export const MASTER_AGENT_PHOTO_KINDS = ['selfie', 'govId'] as const;
export type MasterAgentPhotoKind = (typeof MASTER_AGENT_PHOTO_KINDS)[number];

export const MASTER_AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type MasterAgentApplicationStatus = (typeof MASTER_AGENT_APPLICATION_STATUSES)[number];
