import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AML_SETTINGS, DEFAULT_KYC_DEPOSIT_THRESHOLD } from '@karera/shared';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, SQLite, demo on outside production, generated admin password', () => {
    const config = loadConfig({ INIT_CWD: '/srv/karera' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/karera/data');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join('/srv/karera/data', 'karera.db') });
    expect(config.demo).toBe(true);
    expect(config.admin).toMatchObject({ username: 'admin', generated: true });
    expect(config.admin.password).toHaveLength(20);
  });

  it('uses PostgreSQL when DATABASE_URL is set and keeps demo off in production by default', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost/karera',
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-password',
      SMS_OUTBOX_IN_PRODUCTION: '1',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost/karera' });
    expect(config.demo).toBe(false);
  });

  it('hashes passwords at full cost unless a test server asks for weak hashing', () => {
    expect(loadConfig({}).weakPasswordHashing).toBe(false);
    expect(loadConfig({ TEST_SERVER_WEAK_PASSWORD_HASHING: '1' }).weakPasswordHashing).toBe(true);
  });

  it('reads DEMO, ADMIN_PASSWORD and DEMO_PLAYER_* when given', () => {
    const config = loadConfig({
      DEMO: 'false',
      ADMIN_PASSWORD: 'a-long-password',
      DEMO_PLAYER_MOBILE: '09171234567',
      DEMO_PLAYER_PASSWORD: 'secret1',
    });
    expect(config.demo).toBe(false);
    expect(config.admin).toMatchObject({ password: 'a-long-password', generated: false });
    expect(config.demoPlayer).toEqual({ mobile: '09171234567', password: 'secret1' });
  });

  it('refuses invalid settings with every problem named', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_PASSWORD/,
    );
  });

  it('needs a gateway URL and key for SMS_SENDER=http', () => {
    expect(() => loadConfig({ SMS_SENDER: 'http' })).toThrow(/SMS_GATEWAY_URL/);
    expect(
      loadConfig({ SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/api', SMS_API_KEY: 'k' }).sms,
    ).toEqual({
      sender: 'http',
      gatewayUrl: 'https://sms.example/api',
      apiKey: 'k',
      senderName: 'KARERA',
    });
    expect(loadConfig({}).sms).toEqual({ sender: 'outbox' });
  });

  it('takes an http(s) BETTING_SITE_URL; unset or empty is no link, another scheme stops the start', () => {
    expect(loadConfig({}).bettingSiteUrl).toBeNull();
    expect(loadConfig({ BETTING_SITE_URL: '' }).bettingSiteUrl).toBeNull();
    expect(loadConfig({ BETTING_SITE_URL: 'https://bet.example.ph/' }).bettingSiteUrl).toBe('https://bet.example.ph/');
    for (const url of ['javascript:alert(1)', 'ftp://bet.example.ph', 'bet.example.ph']) {
      expect(() => loadConfig({ BETTING_SITE_URL: url })).toThrow(/BETTING_SITE_URL/);
    }
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, and refuses to trust every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,10.1.0.0/16' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16'],
    });
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would trust every/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: not a number of proxies/);
  });

  it('will not start in production with codes kept in the outbox unmeant or without ADMIN_PASSWORD', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password' } as const;
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_SENDER=outbox[\s\S]*ADMIN_PASSWORD/);
    expect(() => loadConfig(production)).toThrow(/SMS_OUTBOX_IN_PRODUCTION=1/);
    const gateway = { SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/api', SMS_API_KEY: 'k' };
    expect(() => loadConfig({ ...gateway, NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ...production, ...gateway }).sms.sender).toBe('http');
    expect(loadConfig({ ...production, SMS_OUTBOX_IN_PRODUCTION: '1' }).sms.sender).toBe('outbox');
    // Outside production the outbox and a generated password are the easy start.
    expect(loadConfig({}).admin.generated).toBe(true);
  });

  it('in production: Secure cookies (unless turned off for loopback HTTP), docs for staff, demo off', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password', SMS_OUTBOX_IN_PRODUCTION: '1' };
    expect(loadConfig(production)).toMatchObject({ secureCookies: true, docsForStaffOnly: true, demo: false });
    expect(loadConfig({ ...production, INSECURE_COOKIES: '1' }).secureCookies).toBe(false);
    expect(loadConfig({})).toMatchObject({ secureCookies: false, docsForStaffOnly: false });
  });

  it('keeps the demo crowd off in production, even when asked for without the demo (decision 047)', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password', SMS_OUTBOX_IN_PRODUCTION: '1' };
    expect(loadConfig(production).demoCrowd).toBe(false);
    expect(loadConfig({ ...production, DEMO_CROWD: '1' }).demoCrowd).toBe(false);
    expect(loadConfig({}).demoCrowd).toBe(true);
    expect(loadConfig({ DEMO_CROWD: '0' }).demoCrowd).toBe(false);
    expect(loadConfig({ DEMO: '0', DEMO_CROWD: '1' }).demoCrowd).toBe(false);
  });

  it('takes STREAM_HOSTS as https origins only', () => {
    expect(loadConfig({}).streamHosts).toEqual([]);
    expect(
      loadConfig({ STREAM_HOSTS: 'https://stream.example.ph/, https://cdn.example.ph:8443 ,' }).streamHosts,
    ).toEqual(['https://stream.example.ph', 'https://cdn.example.ph:8443']);
    for (const value of [
      'http://stream.example.ph',
      'https://stream.example.ph/live',
      '*',
      "https://a.ph 'unsafe-inline'",
    ]) {
      expect(() => loadConfig({ STREAM_HOSTS: value }), value).toThrow(/STREAM_HOSTS/);
    }
  });

  it('reads the AML thresholds, with the defaults of the shared package, and refuses nonsense', () => {
    expect(loadConfig({}).aml).toEqual(DEFAULT_AML_SETTINGS);
    expect(loadConfig({ AML_COVERED_AMOUNT: '1000000', AML_RAPID_CYCLES: '5' }).aml).toMatchObject({
      coveredAmount: 1_000_000,
      rapidCycles: 5,
    });
    for (const [name, value] of [
      ['AML_COVERED_AMOUNT', '-1'],
      ['AML_STRUCTURING_BAND_PERCENT', '100'],
      ['AML_LOW_TURNOVER_PERCENT', '1.5'],
      ['AML_SHARED_ACCOUNT_PLAYERS', '1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(name));
    }
  });

  it('reads the identity-verification deposit total, with the default of the shared package', () => {
    expect(loadConfig({}).kyc.depositThreshold).toBe(DEFAULT_KYC_DEPOSIT_THRESHOLD);
    expect(loadConfig({ KYC_DEPOSIT_THRESHOLD: '1234500' }).kyc.depositThreshold).toBe(1_234_500);
    expect(() => loadConfig({ KYC_DEPOSIT_THRESHOLD: '-1' })).toThrow(/KYC_DEPOSIT_THRESHOLD/);
  });
});
