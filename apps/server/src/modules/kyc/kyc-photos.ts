import {
  KYC_PHOTO_MAX_BYTES,
  KYC_PHOTO_MAX_PIXELS,
  KYC_PHOTO_MAX_SIDE,
  KycMessages,
  type KycPhotoKind,
} from '@karera/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { decodeBase64Image, reencodeImage, type ImageLimits, type ImageRefusals } from '../../lib/images.ts';

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
/** Enough to read an ID card's print and compare a face; a phone's 12-megapixel photo shrinks to this. */
const STORED_MAX_SIDE = 2000;

export interface StoredKycPhoto {
  kind: KycPhotoKind;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  data: Buffer;
}

/**
 * What is stored of an uploaded ID photo or selfie, exactly as master-agent photos (decisions 014, 017):
 * type and pixel size read from the header before anything decodes it, decoded by libvips with the
 * strictest settings, turned upright, at most STORED_MAX_SIDE a side, encoded again as a JPEG without the
 * upload's metadata (a phone photo's EXIF carries where it was taken). A refusal names the photo's field.
 */
export async function storedKycPhoto(kind: KycPhotoKind, upload: string): Promise<StoredKycPhoto> {
  try {
    const bytes = decodeBase64Image(upload, LIMITS, REFUSALS);
    const image = await reencodeImage(bytes, LIMITS, REFUSALS, (input) =>
      input
        .rotate()
        .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    );
    return { kind, contentType: 'image/jpeg', ...image };
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { [kind]: error.message });
    throw error;
  }
}
