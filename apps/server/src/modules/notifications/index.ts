/** The module's public face: what the rest of the server may use. */
export {
  CHANNEL_NAMES,
  createChannelRegistry,
  type ChannelName,
  type ChannelRegistry,
  type DeliveryContext,
  type DeliveryResult,
  type Notice,
  type NoticeLanguage,
  type NoticeText,
  type NotificationChannel,
} from './channels.ts';
