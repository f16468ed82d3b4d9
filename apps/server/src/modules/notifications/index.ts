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
export { pushRoutes } from './push/push.routes.ts';
export { createPushChannel } from './push/push-channel.ts';
export { createPushSender, type PushSender } from './push/push-sender.ts';
export { inlineEncryptor, threadedEncryptor } from './push/push-encryption.ts';
export { vapidKeysOf } from './push/vapid.ts';
