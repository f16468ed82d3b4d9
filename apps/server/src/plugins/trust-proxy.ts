import { isIP } from 'node:net';

/*
 * Which X-Forwarded-For entries to believe. Every per-IP limit keys on request.ip, so trusting a hop too
 * many hands the limit's key to the client: with `trustProxy: true`, whoever rotates the header is a new
 * address at every request. The client's address is the first one, counted from the right (the socket
 * first, then X-Forwarded-For from its end), that is not a trusted proxy.
 */

/** No proxy (the socket's address is the client), a number of proxy hops, or the proxies' addresses. */
export type TrustedProxies = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDR ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const OFF = new Set(['', '0', 'false', 'no', 'off']);
/** Values that used to mean "trust every hop": refused, because a client could then pick its own address. */
const AMBIGUOUS = new Set(['true', 'yes', 'on']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset or off, a hop count (`1` behind one proxy), or a comma-separated list of the
 * proxies' addresses and CIDR ranges. Answers the setting, or the problem to refuse the start with.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustedProxies } | { ok: false; problem: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (OFF.has(value)) return { ok: true, value: false };
  if (AMBIGUOUS.has(value)) {
    return {
      ok: false,
      problem: `'${raw}' would trust every X-Forwarded-For hop, so any client could choose its own address: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)`,
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { ok: true, value: { hops } } : { ok: false, problem: `${hops} proxy hops: at most 10` };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    return {
      ok: false,
      problem: `not a number of proxies nor proxy addresses: ${wrong.map((entry) => `'${entry}'`).join(', ')}`,
    };
  }
  return { ok: true, value: { addresses: entries } };
}

/** Fastify's trustProxy option for the setting. */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false) return false;
  if ('addresses' in trusted) return trusted.addresses;
  // Fastify reads a plain number as "trust nothing" (it cannot check the peer); the hop test is ours.
  // hop 0 is the socket's peer, 1 the last X-Forwarded-For entry, and so on.
  const { hops } = trusted;
  return (_address, hop) => hop < hops;
}
