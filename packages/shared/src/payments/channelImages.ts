import { z } from 'zod';

/*
 * The image of a deposit account or a withdraw channel (docs/product/money.md#channels-and-images), uploaded by an
 * admin (docs/decisions/019-channel-images-public-by-content-hash.md). A module of its own: the player site reads only
 * the image addresses, so none of this travels in its bundles.
 */

/** A PNG, JPEG or WebP of at most 2 MB; limits read from its header before it is decoded. */
export const CHANNEL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CHANNEL_IMAGE_MAX_PIXELS = 16_000_000;
export const CHANNEL_IMAGE_MAX_SIDE = 8_000;
/** The upload as base64 (a third larger) with room for a data: URL prefix. */
export const CHANNEL_IMAGE_MAX_BASE64 = Math.ceil(CHANNEL_IMAGE_MAX_BYTES / 3) * 4 + 64;
export const CHANNEL_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const ChannelImageMessages = {
  type: 'Please upload a PNG, JPEG or WebP image.',
  tooLarge: 'The image is too large (at most 2 MB).',
  dimensions: 'The image is too large (at most 16 megapixels, 8,000 pixels a side).',
  corrupt: 'The image could not be read. Please upload another one.',
  notFound: 'Image not found.',
} as const;

/** A channel's image (base64, optionally a data: URL); null goes back to the built-in badge. */
export const channelImageSchema = z.strictObject({
  image: z
    .string(ChannelImageMessages.type)
    .min(1, ChannelImageMessages.type)
    .max(CHANNEL_IMAGE_MAX_BASE64, ChannelImageMessages.tooLarge)
    .nullable(),
});
export type ChannelImageInput = z.infer<typeof channelImageSchema>;

/** Public: a channel image by its content hash (immutable, cached for a year). */
export const CHANNEL_IMAGE_ROUTE = '/api/payment/channel-images/:hash';
export function channelImagePath(hash: string): string {
  return `/api/payment/channel-images/${hash}`;
}
