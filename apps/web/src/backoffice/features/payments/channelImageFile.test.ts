import { describe, expect, it } from 'vitest';
import { CHANNEL_IMAGE_MAX_BYTES, ChannelImageMessages } from '@karera/shared';
import { CHANNEL_IMAGE_ACCEPT, channelImageFileRefusal } from './channelImageFile.ts';

describe('a chosen channel image', () => {
  it('is a PNG, JPEG or WebP of at most 2 MB', () => {
    expect(CHANNEL_IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(channelImageFileRefusal({ type, size: CHANNEL_IMAGE_MAX_BYTES })).toBeNull();
    }
    expect(channelImageFileRefusal({ type: 'image/svg+xml', size: 10 })).toBe(ChannelImageMessages.type);
    expect(channelImageFileRefusal({ type: 'image/gif', size: 10 })).toBe(ChannelImageMessages.type);
    expect(channelImageFileRefusal({ type: 'image/png', size: CHANNEL_IMAGE_MAX_BYTES + 1 })).toBe(
      ChannelImageMessages.tooLarge,
    );
  });
});
