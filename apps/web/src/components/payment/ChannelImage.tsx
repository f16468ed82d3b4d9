import { channelBadgeUrl, type ChannelRef } from './channelBadge.ts';

export interface ChannelImageProps {
  channel: ChannelRef;
  /** The operator's image; null shows the built-in badge. */
  imageUrl: string | null;
  /** Side in CSS pixels. */
  size?: number;
}

/**
 * A deposit or withdraw channel's image beside its name (decorative: the name is the text), the
 * operator's upload or the built-in badge with the channel's initials on its colour.
 */
export function ChannelImage({ channel, imageUrl, size = 32 }: ChannelImageProps) {
  return (
    <img
      className="channel-image"
      src={imageUrl ?? channelBadgeUrl(channel)}
      alt=""
      width={size}
      height={size}
      decoding="async"
      data-testid={imageUrl ? 'channel-image' : 'channel-badge'}
    />
  );
}
