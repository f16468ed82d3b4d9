import {
  MASTER_AGENT_PHOTO_MAX_BYTES,
  MASTER_AGENT_PHOTO_MAX_PIXELS,
  MASTER_AGENT_PHOTO_MAX_SIDE,
  MasterAgentMessages,
  type MasterAgentPhotoKind,
} from '@karera/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { decodeBase64Image, reencodeImage, type ImageLimits, type ImageRefusals } from '../../lib/images.ts';
import type { NewPhoto } from './masteragents.repo.ts';

const LIMITS: ImageLimits = {
  maxBytes: MASTER_AGENT_PHOTO_MAX_BYTES,
  maxPixels: MASTER_AGENT_PHOTO_MAX_PIXELS,
  maxSide: MASTER_AGENT_PHOTO_MAX_SIDE,
};
const REFUSALS: ImageRefusals = {
  type: MasterAgentMessages.photoType,
  tooLarge: MasterAgentMessages.photoTooLarge,
  dimensions: MasterAgentMessages.photoDimensions,
  corrupt: MasterAgentMessages.photoCorrupt,
};
/** Enough to read an ID card's print and compare a face; a phone's 12-megapixel photo shrinks to this. */
const STORED_MAX_SIDE = 2000;
const STORED_CONTENT_TYPE = 'image/jpeg';

/**
 * What is stored of an uploaded photo: checked from its header, decoded by sharp, turned upright, at most
 * STORED_MAX_SIDE pixels a side, transparency on white, encoded again as a JPEG without any of the
 * upload's metadata (a phone photo's EXIF carries where it was taken). A refusal names the photo's field.
 */
export async function storedPhoto(kind: MasterAgentPhotoKind, upload: string): Promise<NewPhoto> {
  try {
    const bytes = decodeBase64Image(upload, LIMITS, REFUSALS);
    const image = await reencodeImage(bytes, LIMITS, REFUSALS, (input) =>
      input
        .rotate()
        .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    );
    return { kind, contentType: STORED_CONTENT_TYPE, ...image };
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { [kind]: error.message });
    throw error;
  }
}
