import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { createSmsChannel } from '../sms-channel.ts';
import { createPushChannel } from './push-channel.ts';
import { createPushSender } from './push-sender.ts';
import { threadedWire } from './push-threads.ts';
import { vapidKeysOf } from './vapid.ts';

/**
 * Registers the push and SMS channels with the app's notifications (decision 055). Push messages are
 * encrypted and posted on threads of their own, one per core: at a race start each follower's message costs an
 * ECDH agreement and an HTTP request (most of the work, bench:notify), while the server's thread keeps the
 * database and the players. The threads start with the first message.
 */
export function registerPushAndSmsChannels(app: FastifyInstance): void {
  const sender = createPushSender({
    keys: () => vapidKeysOf(app.db, app.config.push.vapidKeys),
    subject: app.config.push.subject,
    wire: threadedWire(os.availableParallelism()),
  });
  app.notifications.channels.register(
    createPushChannel({ db: app.db, sender, log: app.log.child({ channel: 'push' }) }),
  );
  app.notifications.channels.register(
    createSmsChannel({ db: app.db, sms: app.sms, log: app.log.child({ channel: 'sms' }) }),
  );
  app.addHook('onClose', () => sender.close());
}
