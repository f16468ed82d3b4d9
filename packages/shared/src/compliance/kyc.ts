import { z } from 'zod';

/*
 * Identity verification (KYC): what a player submits, the rules the server applies, and every text a
 * player or staff member reads. PAGCOR: players are 21 or older and not in a barred group; a player
 * verifies before the first withdrawal and before deposits pass a running total (issue 22, decision 033).
 */

export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected', 'resubmit'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** A submission's own status (a player with no submission is 'none'). */
export const KYC_SUBMISSION_STATUSES = ['pending', 'verified', 'rejected', 'resubmit'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** Philippine IDs accepted for verification (the PhilSys ID first: the one most players have). */
export const KYC_ID_TYPES = [
  'philsys',
  'passport',
  'drivers_license',
  'umid',
  'sss',
  'prc',
  'postal',
  'voters',
  'tin',
] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];
export const KYC_ID_TYPE_LABELS: Record<KycIdType, string> = {
  philsys: 'PhilSys National ID',
  passport: 'Philippine passport',
  drivers_license: "Driver's license (LTO)",
  umid: 'UMID',
  sss: 'SSS ID',
  prc: 'PRC ID',
  postal: 'Postal ID',
  voters: "Voter's ID",
  tin: 'TIN ID',
};

export const KYC_PHOTO_KINDS = ['idPhoto', 'selfie'] as const;
export type KycPhotoKind = (typeof KYC_PHOTO_KINDS)[number];

/** The declarations a player makes: none of PAGCOR's barred groups, nor racing people by our terms. */
export const KYC_DECLARATIONS = [
  'notStudent',
  'notGovernmentOfficial',
  'notMilitaryOrPolice',
  'notRacingEmployee',
] as const;
export type KycDeclaration = (typeof KYC_DECLARATIONS)[number];

export const KYC_MIN_AGE = 21;
export const KYC_NAME_MAX = 100;
export const KYC_ID_NUMBER_MAX = 30;
export const KYC_REASON_MIN = 5;
export const KYC_REASON_MAX = 300;
/** Per photo, as uploaded (the same limits as master-agent photos: a phone's photo fits). */
export const KYC_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_PHOTO_MAX_PIXELS = 25_000_000;
export const KYC_PHOTO_MAX_SIDE = 10_000;
export const KYC_PHOTO_MAX_BASE64 = Math.ceil(KYC_PHOTO_MAX_BYTES / 3) * 4 + 100;
/** Deposits (pending and approved) a player may make in all before verifying: ₱50,000 unless configured. */
export const DEFAULT_KYC_DEPOSIT_THRESHOLD = 5_000_000;

export const KycMessages = {
  legalNameRequired: 'Enter your full legal name as it appears on your ID.',
  legalNameTooLong: `Your name may have at most ${KYC_NAME_MAX} characters.`,
  dateOfBirthInvalid: 'Enter your date of birth (year, month and day).',
  underAge: 'You must be 21 or older to play on Karera. We cannot verify this account.',
  idTypeRequired: 'Choose the type of your ID.',
  idNumberRequired: 'Enter the number printed on your ID (letters, digits and dashes).',
  idPhotoRequired: 'Add a photo of your ID.',
  selfieRequired: 'Add a selfie of you holding your ID.',
  photoType: 'Please use a JPEG, PNG or WebP photo.',
  photoTooLarge: 'The photo is too large (at most 5 MB).',
  photoDimensions: 'The photo is too large (at most 25 megapixels, 10,000 pixels a side).',
  photoCorrupt: 'The photo could not be read. Please take or choose another photo.',
  declarationRequired:
    'Players who are students, government officials, AFP or PNP members, jockeys, trainers or racing employees cannot play.',
  submitted: 'Thank you. We are checking your details; this usually takes less than a day.',
  alreadyPending: 'Your verification is already being checked.',
  alreadyVerified: 'Your identity is already verified.',
  rejectedFinal: 'Your verification was rejected. Please contact support.',
  duplicateId: 'This ID is already used by another account. Please contact support.',
  identityExcluded:
    'This ID belongs to an account that is on a break or excluded from play, so no new account can be verified with it while that lasts. Please contact support.',
  withdrawNeedsVerification:
    'Please verify your identity before your first withdrawal: open Account › Verify identity.',
  depositNeedsVerification: (threshold: string) =>
    `Deposits above ${threshold} in total need a verified identity: open Account › Verify identity.`,
  // Back office.
  notFound: 'Verification not found.',
  alreadyDecided: 'This verification was already decided.',
  reasonRequired: `A reason of ${KYC_REASON_MIN} to ${KYC_REASON_MAX} characters is required; the player reads it.`,
  duplicateVerified: 'Another account already has a verified identity with this ID. It cannot be approved.',
} as const;

/** Whether a payment refusal is one of the identity gates' (the payment screens then point to /verify). */
export function isKycGateRefusal(message: string): boolean {
  if (message === KycMessages.withdrawNeedsVerification) return true;
  const [before = '', after = ''] = KycMessages.depositNeedsVerification('\u0000').split('\u0000');
  return message.startsWith(before) && message.endsWith(after);
}

let manilaDateFormat: Intl.DateTimeFormat | undefined;

/** Today's date in Manila as YYYY-MM-DD. */
export function manilaDateOf(instant: Date): string {
  // Made once, on first use: building a formatter costs about a hundred times formatting with one.
  manilaDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return manilaDateFormat.format(instant);
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Whether someone born on `dateOfBirth` is at least `KYC_MIN_AGE` on the Manila date `today` (both
 * YYYY-MM-DD): the birthday itself counts; someone born on 29 February turns a year older on 1 March.
 */
export function isOfAge(dateOfBirth: string, today: string, minAge = KYC_MIN_AGE): boolean {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age >= minAge;
}

/** The ID number as compared: letters upper case, spaces and dashes dropped ("n01-23 456" = "N0123456"). */
export function normalizeIdNumber(idNumber: string): string {
  return idNumber.replace(/[\s-]+/g, '').toUpperCase();
}

const photoSchema = (required: string) =>
  z.string({ error: required }).min(1, required).max(KYC_PHOTO_MAX_BASE64, KycMessages.photoTooLarge);

export const kycSubmissionSchema = z.strictObject({
  legalName: z
    .string({ error: KycMessages.legalNameRequired })
    .trim()
    .min(2, KycMessages.legalNameRequired)
    .max(KYC_NAME_MAX, KycMessages.legalNameTooLong),
  dateOfBirth: z
    .string({ error: KycMessages.dateOfBirthInvalid })
    .refine(isCalendarDate, KycMessages.dateOfBirthInvalid),
  idType: z.enum(KYC_ID_TYPES, { error: KycMessages.idTypeRequired }),
  idNumber: z
    .string({ error: KycMessages.idNumberRequired })
    .trim()
    .max(KYC_ID_NUMBER_MAX, KycMessages.idNumberRequired)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,}$/, KycMessages.idNumberRequired),
  idPhoto: photoSchema(KycMessages.idPhotoRequired),
  selfie: photoSchema(KycMessages.selfieRequired),
  declarations: z.strictObject(
    Object.fromEntries(
      KYC_DECLARATIONS.map((name) => [name, z.literal(true, { error: KycMessages.declarationRequired })]),
    ) as Record<KycDeclaration, z.ZodLiteral<true>>,
    { error: KycMessages.declarationRequired },
  ),
});
export type KycSubmissionInput = z.input<typeof kycSubmissionSchema>;

/** The player's own view: no ID number, no photos (they have them). */
export const kycStatusResponseSchema = z.object({
  statusCode: z.literal(200),
  status: z.enum(KYC_STATUSES),
  /** Why staff rejected it or asked again: the player reads it. */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Centavos of deposits (pending and approved) the player may make in all before verifying, as configured. */
  depositThreshold: z.number().int().nonnegative(),
});
export type KycStatusResponse = z.output<typeof kycStatusResponseSchema>;

const staffRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const kycSubmissionViewSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  mobileNo: z.string(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  legalName: z.string(),
  dateOfBirth: z.string(),
  idType: z.enum(KYC_ID_TYPES),
  idNumber: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: staffRefSchema.nullable(),
  /** Other accounts that tried or hold the same ID (type and number): staff look before approving. */
  duplicateOf: z.array(z.object({ playerId: z.number().int(), mobileNo: z.string() })),
  photos: z.array(z.object({ kind: z.enum(KYC_PHOTO_KINDS), width: z.number().int(), height: z.number().int() })),
});
export type KycSubmissionView = z.output<typeof kycSubmissionViewSchema>;

export const kycQueueQuerySchema = z.strictObject({
  status: z.enum(KYC_SUBMISSION_STATUSES).default('pending'),
});

export const kycQueueResponseSchema = z.object({
  statusCode: z.literal(200),
  submissions: z.array(kycSubmissionViewSchema),
});
export const kycSubmissionResponseSchema = z.object({
  statusCode: z.literal(200),
  submission: kycSubmissionViewSchema,
});
export const kycPlayerResponseSchema = z.object({
  statusCode: z.literal(200),
  status: z.enum(KYC_STATUSES),
  /** The player's submissions, newest first. */
  submissions: z.array(kycSubmissionViewSchema),
  /** The player's refused tries with an ID another account holds, newest first. */
  duplicateAttempts: z.array(
    z.object({
      idType: z.enum(KYC_ID_TYPES),
      otherPlayerId: z.number().int(),
      otherMobileNo: z.string(),
      at: z.string(),
    }),
  ),
});

export const kycDecisionSchema = z.strictObject({
  reason: z
    .string({ error: KycMessages.reasonRequired })
    .trim()
    .min(KYC_REASON_MIN, KycMessages.reasonRequired)
    .max(KYC_REASON_MAX, KycMessages.reasonRequired),
});

export type KycQueueResponse = z.output<typeof kycQueueResponseSchema>;
export type KycSubmissionResponse = z.output<typeof kycSubmissionResponseSchema>;
export type KycPlayerResponse = z.output<typeof kycPlayerResponseSchema>;
