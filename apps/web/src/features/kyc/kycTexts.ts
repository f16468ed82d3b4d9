import { KycMessages } from '@karera/shared';

/**
 * Texts of the Verify identity page (issue 22): English; Filipino in kycTexts.fil.ts. The server's refusals
 * (messages) are its own words from packages/shared, so the page knows them to put them in Filipino.
 */
export const kycTexts = {
  /** {{threshold}}: the configured deposit total past which a player verifies, e.g. '₱50,000.00'. */
  intro:
    'Philippine rules ask us to check who you are before your first withdrawal and before your deposits pass {{threshold}} in total. You must be 21 or older.',
  loading: 'Loading your verification',
  loadError: 'We could not load your verification.',
  retry: 'Try again',
  statusLabel: 'Status',
  status: {
    none: 'Not verified yet',
    pending: 'Being checked',
    verified: 'Verified',
    rejected: 'Rejected',
    resubmit: 'Please submit again',
  },
  statusHelp: {
    none: 'Fill in the form below. It takes about two minutes.',
    pending:
      'We are checking your details; this usually takes less than a day. You can still play and deposit meanwhile.',
    verified: 'Your identity is verified. You can withdraw your winnings.',
    rejected: 'Your verification was rejected. Please contact support.',
    resubmit: 'We need you to submit your details again.',
  },
  reasonLabel: 'Reason from our team',
  legalName: 'Full legal name',
  legalNameHint: 'As printed on your ID',
  dateOfBirth: 'Date of birth',
  idType: 'ID type',
  idTypePlaceholder: 'Choose your ID',
  idNumber: 'ID number',
  idPhoto: 'Photo of your ID',
  idPhotoHint: 'The whole ID, readable. JPEG, PNG or WebP, at most 5 MB.',
  selfie: 'Selfie holding your ID',
  selfieHint: 'Your face and the ID both visible. JPEG, PNG or WebP, at most 5 MB.',
  idPhotoPreview: 'Preview of your ID photo',
  selfiePreview: 'Preview of your selfie',
  /** Each declaration is a whole sentence, so it reads right beside its own checkbox. */
  declarationsLegend: 'Confirm each statement (all are needed to play):',
  declarations: {
    notStudent: 'I am not a student.',
    notGovernmentOfficial: 'I am not a government official or employee.',
    notMilitaryOrPolice: 'I am not a member of the AFP or the PNP.',
    notRacingEmployee: 'I am not a jockey, trainer or employee of a racing club or track.',
  },
  submit: 'Submit for verification',
  submitting: 'Sending your details',
  failed: 'Something went wrong. Please try again.',
  submitted: KycMessages.submitted,
  messages: {
    legalNameRequired: KycMessages.legalNameRequired,
    legalNameTooLong: KycMessages.legalNameTooLong,
    dateOfBirthInvalid: KycMessages.dateOfBirthInvalid,
    underAge: KycMessages.underAge,
    idTypeRequired: KycMessages.idTypeRequired,
    idNumberRequired: KycMessages.idNumberRequired,
    idPhotoRequired: KycMessages.idPhotoRequired,
    selfieRequired: KycMessages.selfieRequired,
    photoType: KycMessages.photoType,
    photoTooLarge: KycMessages.photoTooLarge,
    photoDimensions: KycMessages.photoDimensions,
    photoCorrupt: KycMessages.photoCorrupt,
    declarationRequired: KycMessages.declarationRequired,
    duplicateId: KycMessages.duplicateId,
    identityExcluded: KycMessages.identityExcluded,
    alreadyPending: KycMessages.alreadyPending,
    alreadyVerified: KycMessages.alreadyVerified,
    rejectedFinal: KycMessages.rejectedFinal,
  },
  backToWithdraw: 'Go to Withdraw',
};
