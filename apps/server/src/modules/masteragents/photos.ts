import {
  MASTER_AGENT_PHOTO_MAX_BYTES,
  MASTER_AGENT_PHOTO_MAX_PIXELS,
  MASTER_AGENT_PHOTO_MAX_SIDE,
  MasterAgentMessages,
  type MasterAgentPhotoKind,
} from '@karera/shared';
import { storedPersonPhoto, type ImageLimits, type ImageRefusals } from '../../lib/images.ts';
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

/**
 * What is stored of an uploaded applicant photo: checked, decoded and encoded again as a JPEG without
 * the upload's metadata (lib/images.ts storedPersonPhoto), with the applications' limits and texts.
 */
export async function storedPhoto(kind: MasterAgentPhotoKind, upload: string): Promise<NewPhoto> {
  return { kind, ...(await storedPersonPhoto(kind, upload, LIMITS, REFUSALS)) };
}
