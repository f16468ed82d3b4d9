import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('is off when unset, empty or an off word', () => {
    for (const raw of [undefined, '', '0', 'false', 'no', 'off', ' OFF ']) {
      expect(parseTrustProxy(raw)).toEqual({ ok: true, value: false });
    }
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: { hops: 1 } });
    expect(parseTrustProxy('2')).toEqual({ ok: true, value: { hops: 2 } });
    expect(parseTrustProxy('11')).toMatchObject({ ok: false });
  });

  it('takes addresses, CIDR ranges and the private range names', () => {
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual({
      ok: true,
      value: { addresses: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'] },
    });
  });

  it('refuses "trust every hop" words and anything that is not an address', () => {
    for (const raw of ['true', 'yes', 'on', 'TRUE']) {
      const parsed = parseTrustProxy(raw);
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? '' : parsed.problem).toMatch(/every X-Forwarded-For hop/);
    }
    for (const raw of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '10.0.0.1,', '1.5', '-1']) {
      expect(parseTrustProxy(raw), raw).toMatchObject({ ok: false });
    }
  });

  it('trusts exactly the given number of hops from the socket, whatever the addresses', () => {
    const trust = fastifyTrustProxy({ hops: 1 });
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.1', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
  });
});
