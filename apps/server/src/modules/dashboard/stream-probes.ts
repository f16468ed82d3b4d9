import type { Kysely } from 'kysely';
import { STREAM_PROBE_EVERY_MS } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import type { Stoppable } from '../cluster/index.ts';
import { streamsInPlay } from './dashboard.service.ts';

type Db = Kysely<Database>;

/** A stream that has not answered in this long is down: a viewer would have given up too. */
export const STREAM_PROBE_TIMEOUT_MS = 3_000;

export interface ProbeResult {
  up: boolean;
  /** The HTTP status, or why there was none. */
  detail: string;
}

/** One GET of an http(s) stream address: up when it answers 2xx within the timeout. The body is never read. */
export async function probeStream(url: string, fetchImpl: typeof fetch = fetch): Promise<ProbeResult> {
  try {
    const response = await fetchImpl(url, {
      method: 'GET',
      redirect: 'follow',
      signal: AbortSignal.timeout(STREAM_PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return { up: response.ok, detail: `HTTP ${response.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { up: false, detail: name === 'TimeoutError' ? 'No answer within 3 s' : 'Unreachable' };
  }
}

/** Only web addresses are probed: a channel name plays in the provider's player, which the server cannot see. */
export function isProbedStream(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url);
}

/**
 * Probes the stream of every race day in play once and records what it saw (stream_probes), keeping the
 * time the stream entered its state. Run by the leading instance only (decision 030), so a stream is
 * probed once per round however many instances run, and every instance reads the same answer.
 */
export async function probeStreamsOnce(db: Db, fetchImpl: typeof fetch = fetch): Promise<void> {
  const streams = (await streamsInPlay(db)).filter((stream) => isProbedStream(stream.url));
  await Promise.all(
    streams.map(async ({ eventId, url }) => {
      const result = await probeStream(url, fetchImpl);
      const now = new Date().toISOString();
      const previous = await db
        .selectFrom('stream_probes')
        .select(['url', 'up', 'since'])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      const unchanged = previous?.url === url && previous.up === (result.up ? 1 : 0);
      const row = { url, up: result.up ? 1 : 0, detail: result.detail, since: unchanged ? previous.since : now };
      await db
        .insertInto('stream_probes')
        .values({ event_id: eventId, ...row, checked_at: now })
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ ...row, checked_at: now }))
        .execute();
    }),
  );
}

interface Log {
  error(o: object, m: string): void;
}

/** The leader's probe round every STREAM_PROBE_EVERY_MS, the first at once; stopped when the lead goes. */
export function startStreamProbes(db: Db, log: Log, everyMs = STREAM_PROBE_EVERY_MS): Stoppable {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = probeStreamsOnce(db).catch((error: unknown) => {
      if (!stopped) log.error({ err: error }, 'stream probe round failed');
    });
  };
  round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
