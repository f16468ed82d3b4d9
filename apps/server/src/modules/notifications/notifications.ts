import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createChannelRegistry, type ChannelRegistry } from './channels.ts';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher.ts';
import { createInboxChannel } from './inbox.ts';
import { scanTimedNotices } from './watch.ts';

/** How often the leader looks for notices caused by time (races about to start, promos about to end). */
export const WATCH_EVERY_MS = 30_000;

export interface Notifications {
  /** Where channels register (the inbox is registered already; push and SMS add theirs). */
  channels: ChannelRegistry;
  /** The leader's job: the dispatcher's loops and the timed scan; stopped when the lead goes. */
  lead(): { stop(): Promise<void> };
}

export interface NotificationsDeps {
  db: Kysely<Database>;
  holder: string;
  mayRun: () => boolean;
  log: DispatcherOptions['log'] & { info(o: object, m: string): void };
  inboxChanged: (playerIds: readonly number[]) => void;
  /** Dispatcher settings (tests shorten them). */
  dispatcher?: Partial<Pick<DispatcherOptions, 'batchSize' | 'leaseMs' | 'idleMs' | 'maxAttempts'>>;
  watchEveryMs?: number;
}

export function createNotifications(deps: NotificationsDeps): Notifications {
  const channels = createChannelRegistry();
  channels.register(createInboxChannel({ db: deps.db, inboxChanged: deps.inboxChanged }));
  return {
    channels,
    lead() {
      const dispatcher: Dispatcher = createDispatcher({
        db: deps.db,
        channels,
        holder: deps.holder,
        mayRun: deps.mayRun,
        log: deps.log,
        ...deps.dispatcher,
      });
      dispatcher.start();
      let scanning: Promise<unknown> = Promise.resolve();
      const scan = () => {
        if (!deps.mayRun()) return;
        scanning = scanTimedNotices({ db: deps.db }).catch((error: unknown) =>
          deps.log.error({ err: error }, 'timed notices scan failed'),
        );
      };
      scan();
      const timer = setInterval(scan, deps.watchEveryMs ?? WATCH_EVERY_MS);
      return {
        async stop() {
          clearInterval(timer);
          await dispatcher.stop();
          await scanning;
        },
      };
    },
  };
}
