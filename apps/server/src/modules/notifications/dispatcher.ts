import { sql, type Kysely, type Transaction } from 'kysely';
import { isNotificationKind, quietHoursEnd, renderNotice, type NotificationKind } from '@karera/shared';
import type { Database, NotificationDeliveryStatus } from '../../db/schema.ts';
import { isPlayerExcluded } from '../rglimits/index.ts';
import type { ChannelName, ChannelRegistry, DeliveryResult, Notice, NotificationChannel } from './channels.ts';
import { DEFAULT_PREFERENCES, preferencesOf, type PlayerPreferences } from './preferences.ts';

/**
 * The notification dispatcher (decision 055). Only the cluster leader runs it. Each registered channel has its
 * own loop, so a slow or failing channel never holds another back. A loop claims due deliveries of its channel
 * (status `sending`, a lease, the attempt counted and recorded) in one transaction before it sends anything,
 * and records each outcome after. A claim whose lease lapsed without an outcome (the sender died mid-send) is
 * resent only on a channel where a second delivery is harmless (the inbox); elsewhere it ends `unknown`.
 */

export interface DispatcherOptions {
  db: Kysely<Database>;
  channels: ChannelRegistry;
  /** This instance's name, on each claim. */
  holder: string;
  /** Asked before each claim: false once this instance no longer leads. */
  mayRun: () => boolean;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** Deliveries claimed at once, for every channel (tests); else each channel's own (`BATCH_SIZES`). */
  batchSize?: number;
  /** Claimed batches a channel's loop may have in flight at once (the next is claimed while one is sent). */
  pipeline?: number;
  /** How long a claim holds: a sender that has not answered by then is taken as dead. */
  leaseMs?: number;
  /** Wait between polls when nothing is due. */
  idleMs?: number;
  /** Attempts before a delivery that keeps answering `retry` fails. */
  maxAttempts?: number;
  /** How far ahead of their due time a channel with `prepare` is handed its deliveries. */
  prepareAheadMs?: number;
  now?: () => number;
}

export interface Dispatcher {
  /** Starts a loop per channel (the leader's job). */
  start(): void;
  /** One pass over every channel: recover lapsed claims, claim what is due and send it. Returns deliveries handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 60_000;

/**
 * Deliveries claimed at once per channel. A race start's push messages are thousands, each waiting on its own
 * encryption and its push service's answer, so push claims large batches (fewer claims and records between
 * them). The inbox fills a whole batch with one statement. Each claim is one short transaction (a few tens of
 * milliseconds at these sizes on SQLite), so bets are never held long behind it.
 */
export const BATCH_SIZES: Record<ChannelName, number> = { inbox: 5_000, push: 2_000, sms: 500 };
/** Two batches in flight per channel: while one is sent (or its outcomes written) the next is claimed and sent. */
export const PIPELINE = 2;
/**
 * A channel that waits while another has a backlog: at a race start the inbox (silent, seen on the site) lets
 * the push channel (the phone) have the server's thread first, for at most `DEFER_AT_MOST_MS` at a time.
 */
const WAITS_FOR: Partial<Record<ChannelName, readonly ChannelName[]>> = { inbox: ['push'] };
const DEFER_AT_MOST_MS = 20_000;
export const MAX_ATTEMPTS = 6;
/**
 * Deliveries due within this are handed ahead to a channel that prepares (push encrypts a race start's messages
 * before the start is due: the race watch raises them earlier, see watch.ts).
 */
export const PREPARE_AHEAD_MS = 3 * 60_000;
/** Deliveries prepared at a time; the next batch waits for the channel, so a send never queues behind many. */
const PREPARE_BATCH = 500;
/** Notice rows kept from a preparation for the send (about 40 MB at most). */
const PREPARED_ROWS_KEPT = 120_000;
/** How often the leader looks for deliveries to prepare. */
const PREPARE_EVERY_MS = 1_000;

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, 5 min, 20 min (capped). */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 4 ** Math.max(0, attempts - 1), 20 * 60_000);
}

const FINAL: Record<Exclude<DeliveryResult['outcome'], 'retry'>, NotificationDeliveryStatus> = {
  delivered: 'delivered',
  skipped: 'skipped',
  gone: 'gone',
  failed: 'failed',
};

interface Claimed {
  deliveryId: number;
  noticeId: string;
  attempt: number;
}

const IN_LIST = 900;

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db } = options;
  const now = options.now ?? Date.now;
  const batchOf = (channel: NotificationChannel) => options.batchSize ?? BATCH_SIZES[channel.name];
  const pipeline = Math.max(1, options.pipeline ?? PIPELINE);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const abort = new AbortController();
  const iso = (ms: number) => new Date(ms).toISOString();

  /** Claims whose lease lapsed: resent where harmless, else ended as unknown (never sent twice). */
  async function recover(channel: NotificationChannel): Promise<void> {
    const lapsed = await db
      .selectFrom('notification_deliveries')
      .select(['id'])
      .where('channel', '=', channel.name)
      .where('status', '=', 'sending')
      .where('lease_until', '<', iso(now()))
      .limit(batchOf(channel))
      .execute();
    if (lapsed.length === 0) return;
    const ids = lapsed.map((row) => row.id);
    const at = iso(now());
    await db.transaction().execute(async (trx) => {
      // The lapsed claim's attempt, recorded as unknown (written before the row leaves `sending`).
      await recordAttempts(trx, ids, {
        holder: null,
        at,
        outcome: 'unknown',
        detail: 'lease lapsed without an outcome',
        lapsedBefore: at,
      });
      await trx
        .updateTable('notification_deliveries')
        .set(
          channel.atMostOnce
            ? { status: 'unknown', last_error: 'The sender stopped mid-send: not sent again.', updated_at: at }
            : { status: 'pending', due_at: at, last_error: 'The sender stopped mid-send: sent again.', updated_at: at },
        )
        .where('id', 'in', ids)
        .where('status', '=', 'sending')
        .where('lease_until', '<', at)
        .execute();
    });
  }

  /**
   * Records the attempts of claimed deliveries, each once with its outcome, from the delivery rows themselves while
   * they are still `sending` (the attempt number, the holder, the claim's time as its start): one insert-select for
   * up to IN_LIST of them, rather than a row written at the claim and updated after. Only this holder's claims,
   * unless recovering lapsed ones (`holder: null`, `lapsedBefore`).
   */
  async function recordAttempts(
    trx: Transaction<Database>,
    deliveryIds: readonly number[],
    record: { holder: string | null; at: string; outcome: string; detail: string | null; lapsedBefore?: string },
  ): Promise<void> {
    let query = trx
      .selectFrom('notification_deliveries')
      .select((eb) => [
        'id',
        'attempts',
        'lease_holder',
        'updated_at',
        eb.val(record.outcome).as('outcome'),
        eb.val(record.detail).as('detail'),
        eb.val(record.at).as('finished_at'),
      ])
      .where('id', 'in', deliveryIds)
      .where('status', '=', 'sending')
      .where('lease_holder', 'is not', null);
    if (record.holder !== null) query = query.where('lease_holder', '=', record.holder);
    if (record.lapsedBefore !== undefined) query = query.where('lease_until', '<', record.lapsedBefore);
    await trx
      .insertInto('notification_attempts')
      .columns(['delivery_id', 'attempt', 'holder', 'started_at', 'outcome', 'detail', 'finished_at'])
      .expression(query)
      .execute();
  }

  /**
   * Claims up to a batch of due deliveries of the channel, each attempt counted on its row (the attempt itself is
   * recorded with its outcome, or as unknown when its lease lapses).
   */
  async function claim(channel: NotificationChannel): Promise<Claimed[]> {
    const startedAt = iso(now());
    return db.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('notification_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('channel', '=', channel.name)
        .where('due_at', '<=', startedAt)
        .orderBy('due_at')
        .limit(batchOf(channel));
      const rows = await trx
        .updateTable('notification_deliveries')
        .set((eb) => ({
          status: 'sending',
          lease_holder: options.holder,
          lease_until: iso(now() + leaseMs),
          attempts: eb('attempts', '+', 1),
          updated_at: startedAt,
        }))
        // The status is checked again on the row itself: of two dispatchers (a leader change), one claims it.
        // Written as an expression so that SQLite finds the rows by id: on `status = 'pending'` it would walk the
        // status index over every pending delivery (a race start's 200,000) for each claim (bench:notify's
        // profile: most of the dispatcher's database time).
        .where('id', 'in', due)
        .where(sql<string>`${sql.ref('status')} || ''`, '=', 'pending')
        .returning(['id', 'notice_id', 'attempts'])
        .execute();
      return rows.map((row) => ({ deliveryId: row.id, noticeId: row.notice_id, attempt: row.attempts }));
    });
  }

  interface Loaded {
    notice: Notice;
    expiresAt: string | null;
    prefs: PlayerPreferences;
  }

  /**
   * Notice rows read for a preparation, kept for their send (what the dispatcher reads of a notice never changes):
   * at a race start the push channel then reads none of its 100,000 notices again. The preferences are read afresh.
   */
  const preparedRows = new Map<string, Database['notifications']>();

  async function noticesOf(ids: readonly string[], keep = false): Promise<Map<string, Loaded>> {
    const rows: Database['notifications'][] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const kept = preparedRows.get(id);
      if (kept) rows.push(kept);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += IN_LIST) {
      const loaded = await db
        .selectFrom('notifications')
        .selectAll()
        .where('id', 'in', missing.slice(i, i + IN_LIST))
        .execute();
      rows.push(...loaded);
      if (keep) for (const row of loaded) preparedRows.set(row.id, row);
    }
    // The oldest go first (insertion order): a few race starts' worth is kept at most.
    for (const id of preparedRows.keys()) {
      if (preparedRows.size <= PREPARED_ROWS_KEPT) break;
      preparedRows.delete(id);
    }
    const prefs = await preferencesOf(
      db,
      rows.map((row) => row.player_id),
    );
    const found = new Map<string, Loaded>();
    // A race start's alerts share a few texts (one a horse): each is rendered once a batch.
    const rendered = new Map<string, Notice['texts']>();
    const textsOf = (kind: NotificationKind, paramsJson: string): Notice['texts'] => {
      const key = `${kind}\u0000${paramsJson}`;
      let texts = rendered.get(key);
      if (!texts) {
        const params = JSON.parse(paramsJson) as Record<string, string | number>;
        texts = { en: renderNotice(kind, params, 'en'), fil: renderNotice(kind, params, 'fil') };
        rendered.set(key, texts);
      }
      return texts;
    };
    for (const row of rows) {
      if (!isNotificationKind(row.kind)) continue;
      const kind: NotificationKind = row.kind;
      const pref = prefs.get(row.player_id) ?? DEFAULT_PREFERENCES;
      found.set(row.id, {
        notice: {
          id: row.id,
          playerId: String(row.player_id),
          kind,
          texts: textsOf(kind, row.params),
          language: pref.language,
          linkPath: row.link_path,
          urgent: row.urgent === 1,
          marketing: row.marketing === 1,
          createdAt: row.created_at,
          ...(row.expires_at
            ? { ttlSeconds: Math.max(0, Math.round((Date.parse(row.expires_at) - now()) / 1000)) }
            : {}),
        },
        expiresAt: row.expires_at,
        prefs: pref,
      });
    }
    return found;
  }

  /**
   * Hands a channel, ahead, the deliveries that fall due within `prepareAheadMs`, each once: a cursor over (due time,
   * id) walks them in order. A delivery written after the cursor passed its place (raised for sooner than others
   * already prepared) is not prepared: it is sent as any other, its work done when due.
   */
  function preparerOf(channel: NotificationChannel): () => Promise<void> {
    const aheadMs = options.prepareAheadMs ?? PREPARE_AHEAD_MS;
    let cursor = { dueAt: '', id: 0 };
    return async () => {
      const prepare = channel.prepare?.bind(channel);
      if (!prepare) return;
      for (;;) {
        if (!options.mayRun()) return;
        const from = iso(now());
        if (cursor.dueAt < from) cursor = { dueAt: from, id: 0 };
        const { dueAt, id } = cursor;
        const rows = await db
          .selectFrom('notification_deliveries')
          .select(['id', 'notice_id', 'due_at'])
          .where('status', '=', 'pending')
          .where('channel', '=', channel.name)
          .where('due_at', '<=', iso(now() + aheadMs))
          .where((eb) => eb.or([eb('due_at', '>', dueAt), eb.and([eb('due_at', '=', dueAt), eb('id', '>', id)])]))
          .orderBy('due_at')
          .orderBy('id')
          .limit(PREPARE_BATCH)
          .execute();
        const last = rows.at(-1);
        if (!last) return;
        const notices = await noticesOf([...new Set(rows.map((row) => row.notice_id))], true);
        // Kept until a while after the last is due: a send that comes later encrypts afresh.
        await prepare(
          [...notices.values()].map((found) => found.notice),
          Date.parse(last.due_at) + leaseMs,
        );
        cursor = { dueAt: last.due_at, id: last.id };
        if (rows.length < PREPARE_BATCH) return;
      }
    };
  }

  type Outcome =
    | { claim: Claimed; status: NotificationDeliveryStatus; detail: string | null; dueAt?: string }
    | { claim: Claimed; status: 'pending'; detail: string; dueAt: string; held: true };

  /** Sends one channel's claimed batch and records each outcome. */
  async function send(channel: NotificationChannel, claimed: Claimed[]): Promise<void> {
    const notices = await noticesOf([...new Set(claimed.map((c) => c.noticeId))]);
    const outcomes: Outcome[] = [];
    const toSend: { claim: Claimed; notice: Notice }[] = [];
    const excluded = new Map<string, boolean>();
    for (const c of claimed) {
      const found = notices.get(c.noticeId) as
        { notice: Notice; expiresAt: string | null; prefs: PlayerPreferences } | undefined;
      if (!found) {
        outcomes.push({ claim: c, status: 'failed', detail: 'unknown kind' });
        continue;
      }
      const { notice, expiresAt, prefs } = found;
      if (channel.name !== 'inbox' && expiresAt && Date.parse(expiresAt) <= now()) {
        outcomes.push({ claim: c, status: 'expired', detail: 'too late to be of use' });
        continue;
      }
      if (notice.marketing) {
        let onBreak = excluded.get(notice.playerId);
        if (onBreak === undefined) {
          onBreak = prefs.marketingOptOut || (await isPlayerExcluded(db, Number(notice.playerId)));
          excluded.set(notice.playerId, onBreak);
        }
        if (onBreak) {
          outcomes.push({ claim: c, status: 'suppressed', detail: 'marketing: player on a break or opted out' });
          continue;
        }
      }
      // Quiet hours hold what would disturb: push and SMS. The inbox is silent and fills at once.
      const quietEnd = channel.name === 'inbox' || notice.urgent ? null : quietHoursEnd(prefs.quietHours, now());
      if (quietEnd !== null) {
        outcomes.push({
          claim: c,
          status: 'pending',
          detail: 'held for quiet hours',
          dueAt: iso(quietEnd),
          held: true,
        });
        continue;
      }
      toSend.push({ claim: c, notice });
    }
    const ctx = (attempt: number) => ({ attempt, signal: abort.signal });
    const record = (c: Claimed, result: DeliveryResult) => {
      if (result.outcome === 'retry') {
        if (c.attempt >= maxAttempts) {
          outcomes.push({
            claim: c,
            status: 'failed',
            detail: `gave up after ${c.attempt} attempts: ${result.detail}`,
          });
        } else {
          outcomes.push({
            claim: c,
            status: 'pending',
            detail: result.detail,
            dueAt: iso(now() + (result.afterMs ?? backoffMs(c.attempt))),
          });
        }
      } else {
        outcomes.push({ claim: c, status: FINAL[result.outcome], detail: result.detail ?? null });
      }
    };
    const thrown = (c: Claimed, error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      options.log.warn({ err: error, channel: channel.name, delivery: c.deliveryId }, 'notification send threw');
      if (channel.atMostOnce) outcomes.push({ claim: c, status: 'unknown', detail: `outcome unknown: ${detail}` });
      else record(c, { outcome: 'retry', detail });
    };
    if (toSend.length > 0) {
      if (channel.deliverBatch) {
        try {
          const results = await channel.deliverBatch(
            toSend.map((s) => s.notice),
            ctx(1),
          );
          toSend.forEach((s, i) => record(s.claim, results[i] ?? { outcome: 'retry', detail: 'no result' }));
        } catch (error) {
          for (const s of toSend) thrown(s.claim, error);
        }
      } else {
        const width = Math.max(1, channel.concurrency ?? 1);
        let next = 0;
        const worker = async () => {
          while (next < toSend.length) {
            const item = toSend[next++];
            if (!item) break;
            try {
              record(item.claim, await channel.deliver(item.notice, ctx(item.claim.attempt)));
            } catch (error) {
              thrown(item.claim, error);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(width, toSend.length) }, worker));
      }
    }
    await writeOutcomes(outcomes);
  }

  /** Records outcomes, grouped so a batch of thousands costs a few statements. */
  async function writeOutcomes(outcomes: Outcome[]): Promise<void> {
    const at = iso(now());
    const groups = new Map<string, Outcome[]>();
    for (const o of outcomes) {
      const key = JSON.stringify([o.status, o.detail, o.dueAt ?? null, 'held' in o]);
      const group = groups.get(key) ?? [];
      group.push(o);
      groups.set(key, group);
    }
    await db.transaction().execute(async (trx) => {
      for (const group of groups.values()) {
        const first = group[0];
        if (!first) continue;
        for (let i = 0; i < group.length; i += IN_LIST) {
          const chunk = group.slice(i, i + IN_LIST);
          const held = 'held' in first;
          const ids = chunk.map((o) => o.claim.deliveryId);
          await recordAttempts(trx, ids, {
            holder: options.holder,
            at,
            outcome: held ? 'held' : first.status === 'pending' ? 'retry' : first.status,
            detail: first.detail,
          });
          await trx
            .updateTable('notification_deliveries')
            .set((eb) => ({
              status: first.status,
              lease_holder: null,
              lease_until: null,
              last_error: first.status === 'delivered' ? null : first.detail,
              updated_at: at,
              ...(first.status === 'delivered' ? { delivered_at: at } : {}),
              ...(first.dueAt ? { due_at: first.dueAt } : {}),
              // A hold is not an attempt.
              ...(held ? { attempts: eb('attempts', '-', 1) } : {}),
            }))
            .where('id', 'in', ids)
            .where('status', '=', 'sending')
            .where('lease_holder', '=', options.holder)
            .execute();
        }
      }
    });
  }

  const preparers = new Map<ChannelName, () => Promise<void>>();

  async function passOf(channel: NotificationChannel): Promise<number> {
    if (!options.mayRun()) return 0;
    if (channel.prepare) {
      const preparer = preparers.get(channel.name) ?? preparerOf(channel);
      preparers.set(channel.name, preparer);
      await preparer();
    }
    await recover(channel);
    if (!options.mayRun()) return 0;
    const claimed = await claim(channel);
    if (claimed.length > 0) await send(channel, claimed);
    return claimed.length;
  }

  const loops = new Map<string, Promise<void>>();

  /** More of the channel's deliveries are due than one claim takes (read from the rows, not from a loop's state). */
  async function backlogged(name: ChannelName): Promise<boolean> {
    const size = options.batchSize ?? BATCH_SIZES[name];
    const due = await db
      .selectFrom('notification_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('channel', '=', name)
      .where('due_at', '<=', iso(now()))
      .limit(size + 1)
      .execute();
    return due.length > size;
  }
  let stopped = false;
  let watch: NodeJS.Timeout | undefined;

  /** Resolves after `ms`, or at once when the dispatcher stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        abort.signal.removeEventListener('abort', done);
        resolve();
      }
      abort.signal.addEventListener('abort', done);
    });

  /**
   * A channel's loop. Up to `pipeline` claimed batches are in flight: as soon as one is claimed it is sent, and
   * the loop claims the next without waiting for it (a race start's push channel never waits for the claims and
   * records between its batches). Each batch is still claimed, committed, then sent, so at-most-once holds.
   */
  const loopOf = async (channel: NotificationChannel) => {
    const idleMs = options.idleMs ?? 250;
    const size = batchOf(channel);
    const sending = new Set<Promise<void>>();
    const failed = (error: unknown) =>
      options.log.error({ err: error, channel: channel.name }, 'notification dispatch pass failed');
    // Preparing runs beside the sends, one pass at a time, every PREPARE_EVERY_MS.
    const prepareUpcoming = channel.prepare ? preparerOf(channel) : null;
    let preparing: Promise<void> | null = null;
    let prepareAt = 0;
    const waitsFor = WAITS_FOR[channel.name] ?? [];
    let deferredSince: number | null = null;
    const othersBacklogged = async () => {
      for (const name of waitsFor) if (options.channels.get(name) && (await backlogged(name))) return true;
      return false;
    };
    while (!stopped) {
      let wait = false;
      try {
        wait = waitsFor.length > 0 && options.mayRun() && (await othersBacklogged());
      } catch (error) {
        failed(error);
      }
      if (wait) {
        deferredSince ??= now();
        if (now() - deferredSince < DEFER_AT_MOST_MS) {
          await sleep(idleMs);
          continue;
        }
      }
      deferredSince = null;
      if (prepareUpcoming && !preparing && now() >= prepareAt) {
        prepareAt = now() + PREPARE_EVERY_MS;
        preparing = prepareUpcoming()
          .catch(failed)
          .finally(() => (preparing = null));
      }
      if (sending.size >= pipeline) {
        await Promise.race(sending);
        continue;
      }
      let claimed: Claimed[] = [];
      try {
        if (options.mayRun()) {
          await recover(channel);
          if (options.mayRun()) claimed = await claim(channel);
        }
      } catch (error) {
        failed(error);
        await sleep(idleMs * 4);
        continue;
      }
      if (claimed.length > 0) {
        const batch: Promise<void> = send(channel, claimed)
          .catch(failed)
          .finally(() => sending.delete(batch));
        sending.add(batch);
      }
      if (claimed.length < size) await sleep(idleMs);
    }
    await Promise.allSettled([...sending, preparing]);
  };

  const ensureLoops = () => {
    for (const channel of options.channels.list()) {
      if (stopped || loops.has(channel.name)) continue;
      loops.set(channel.name, loopOf(channel));
    }
  };

  return {
    async runOnce() {
      const counts = await Promise.all(options.channels.list().map((channel) => passOf(channel)));
      return counts.reduce((a, b) => a + b, 0);
    },
    start() {
      ensureLoops();
      // A channel registered later (another module's) gets its loop at the next check.
      watch = setInterval(ensureLoops, 1_000);
    },
    async stop() {
      stopped = true;
      clearInterval(watch);
      abort.abort();
      await Promise.allSettled(loops.values());
    },
  };
}
