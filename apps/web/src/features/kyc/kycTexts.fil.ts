import { KYC_NAME_MAX } from '@karera/shared';
import type { Translation } from '../../i18n/types.ts';
import type { kycTexts } from './kycTexts.ts';

/** Filipino texts of the Verify identity page. */
export const kycTextsFil = {
  intro:
    'Ayon sa patakaran sa Pilipinas, kailangan naming kumpirmahin kung sino ka bago ang una mong withdrawal at bago lumampas sa {{threshold}} ang kabuuan ng deposit mo. Dapat 21 taong gulang ka pataas.',
  loading: 'Kinukuha ang verification mo',
  loadError: 'Hindi namin makuha ang verification mo.',
  retry: 'Subukan ulit',
  statusLabel: 'Kalagayan',
  status: {
    none: 'Hindi pa verified',
    pending: 'Sinusuri pa',
    verified: 'Verified na',
    rejected: 'Hindi tinanggap',
    resubmit: 'Pakipasa ulit',
  },
  statusHelp: {
    none: 'Punan ang form sa ibaba. Mga dalawang minuto lang ito.',
    pending:
      'Sinusuri namin ang mga detalye mo; kadalasan wala pang isang araw. Puwede ka pa ring tumaya at mag-deposit habang hinihintay.',
    verified: 'Verified na ang pagkakakilanlan mo. Puwede mo nang i-withdraw ang panalo mo.',
    rejected: 'Hindi tinanggap ang verification mo. Makipag-ugnayan sa support.',
    resubmit: 'Kailangan naming ipasa mo ulit ang mga detalye mo.',
  },
  reasonLabel: 'Dahilan mula sa aming team',
  legalName: 'Buong legal na pangalan',
  legalNameHint: 'Gaya ng nakasulat sa ID mo',
  dateOfBirth: 'Petsa ng kapanganakan',
  idType: 'Uri ng ID',
  idTypePlaceholder: 'Piliin ang ID mo',
  idNumber: 'Numero ng ID',
  idPhoto: 'Litrato ng ID mo',
  idPhotoHint: 'Buong ID, malinaw na nababasa. JPEG, PNG o WebP, hanggang 5 MB.',
  selfie: 'Selfie habang hawak ang ID mo',
  selfieHint: 'Kita ang mukha mo at ang ID. JPEG, PNG o WebP, hanggang 5 MB.',
  idPhotoPreview: 'Preview ng litrato ng ID mo',
  selfiePreview: 'Preview ng selfie mo',
  declarationsLegend: 'Kumpirmahin ang bawat pahayag (kailangan lahat para makapaglaro):',
  declarations: {
    notStudent: 'Hindi ako estudyante.',
    notGovernmentOfficial: 'Hindi ako opisyal o empleyado ng gobyerno.',
    notMilitaryOrPolice: 'Hindi ako miyembro ng AFP o ng PNP.',
    notRacingEmployee: 'Hindi ako hinete, trainer o empleyado ng racing club o karerahan.',
  },
  submit: 'Ipasa para sa verification',
  submitting: 'Ipinapadala ang mga detalye mo',
  failed: 'May nangyaring mali. Pakisubukan ulit.',
  submitted: 'Salamat. Sinusuri namin ang mga detalye mo; kadalasan wala pang isang araw.',
  messages: {
    legalNameRequired: 'Ilagay ang buong legal na pangalan mo gaya ng nasa ID.',
    legalNameTooLong: `Hanggang ${KYC_NAME_MAX} na titik lang ang pangalan mo.`,
    dateOfBirthInvalid: 'Ilagay ang petsa ng kapanganakan mo (taon, buwan at araw).',
    underAge: 'Dapat 21 taong gulang ka pataas para makapaglaro sa Karera. Hindi namin ma-verify ang account na ito.',
    idTypeRequired: 'Piliin ang uri ng ID mo.',
    idNumberRequired: 'Ilagay ang numerong nakasulat sa ID mo (letra, numero at gitling).',
    idPhotoRequired: 'Maglagay ng litrato ng ID mo.',
    selfieRequired: 'Maglagay ng selfie mo habang hawak ang ID.',
    photoType: 'Gumamit ng litratong JPEG, PNG o WebP.',
    photoTooLarge: 'Masyadong malaki ang litrato (hanggang 5 MB lang).',
    photoDimensions: 'Masyadong malaki ang litrato (hanggang 25 megapixel, 10,000 pixel bawat gilid).',
    photoCorrupt: 'Hindi mabasa ang litrato. Kumuha o pumili ng ibang litrato.',
    declarationRequired:
      'Hindi puwedeng maglaro ang mga estudyante, opisyal ng gobyerno, miyembro ng AFP o PNP, hinete, trainer o empleyado ng karerahan.',
    duplicateId: 'Ginagamit na ng ibang account ang ID na ito. Makipag-ugnayan sa support.',
    identityExcluded:
      'Ang ID na ito ay sa account na naka-break o naka-exclude sa paglalaro, kaya hindi ito magagamit para i-verify ang bagong account habang tumatagal iyon. Makipag-ugnayan sa support.',
    alreadyPending: 'Sinusuri na ang verification mo.',
    alreadyVerified: 'Verified na ang pagkakakilanlan mo.',
    rejectedFinal: 'Hindi tinanggap ang verification mo. Makipag-ugnayan sa support.',
  },
  backToWithdraw: 'Pumunta sa Withdraw',
} satisfies Translation<typeof kycTexts>;
