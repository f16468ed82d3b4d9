import {
  KYC_PHOTO_MAX_BYTES,
  KYC_PHOTO_MAX_PIXELS,
  KYC_PHOTO_MAX_SIDE,
  KycMessages,
  type KycPhotoKind,
} from '@karera/shared';
import { storedPersonPhoto, type ImageLimits, type ImageRefusals, type StoredPersonPhoto } from '../../lib/images.ts';

const LIMITS: ImageLimits = {
  maxBytes: KYC_PHOTO_MAX_BYTES,
  maxPixels: KYC_PHOTO_MAX_PIXELS,
  maxSide: KYC_PHOTO_MAX_SIDE,
};
const REFUSALS: ImageRefusals = {
  type: KycMessages.photoType,
  tooLarge: KycMessages.photoTooLarge,
  dimensions: KycMessages.photoDimensions,
  corrupt: KycMessages.photoCorrupt,
};

export interface StoredKycPhoto extends StoredPersonPhoto {
  kind: KycPhotoKind;
}

/**
 * What is stored of an uploaded ID photo or selfie: checked, decoded and encoded again exactly as
 * master-agent photos are (lib/images.ts storedPersonPhoto), with the identity checks' limits and texts.
 */
export async function storedKycPhoto(kind: KycPhotoKind, upload: string): Promise<StoredKycPhoto> {
  return { kind, ...(await storedPersonPhoto(kind, upload, LIMITS, REFUSALS)) };
}
