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
export { createNotifications, type Notifications, type NotificationsDeps } from './notifications.ts';
export { createDispatcher, backoffMs, type Dispatcher, type DispatcherOptions } from './dispatcher.ts';
export { raiseNotices, type NoticeRequest } from './raise.ts';
export { subscribeNotifications } from './notifications.hooks.ts';
export { notificationRoutes } from './notifications.routes.ts';
export { unreadCounts } from './inbox.ts';
export { scanTimedNotices } from './watch.ts';
export { pushRoutes } from './push/push.routes.ts';
export { createPushChannel } from './push/push-channel.ts';
export { createPushSender, type PushSender } from './push/push-sender.ts';
export { inlineWire, threadedWire } from './push/push-threads.ts';
export { vapidKeysOf } from './push/vapid.ts';
export { createSmsChannel } from './sms-channel.ts';
export { registerPushAndSmsChannels } from './push/register-channels.ts';
