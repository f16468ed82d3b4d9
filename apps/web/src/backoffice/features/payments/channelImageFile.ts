import { CHANNEL_IMAGE_MAX_BYTES, CHANNEL_IMAGE_MIME_TYPES, ChannelImageMessages } from '@karera/shared';

/** What the file input accepts: the types the server takes. */
export const CHANNEL_IMAGE_ACCEPT = CHANNEL_IMAGE_MIME_TYPES.join(',');

/**
 * A first look at a chosen file, before it is sent: the refusal text for a type or size the server would
 * refuse anyway (the server decodes and checks every upload itself), or null.
 */
export function channelImageFileRefusal(file: { type: string; size: number }): string | null {
  if (!(CHANNEL_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return ChannelImageMessages.type;
  if (file.size > CHANNEL_IMAGE_MAX_BYTES) return ChannelImageMessages.tooLarge;
  return null;
}

/** The file as base64 (without the data: URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
