import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_EMBED_ORIGIN } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { uniqueMobile } from '../test/factories.ts';
import { call, lastOtp, PLAYER_PASSWORD } from '../test/player-flow.ts';
import { createSmsSender } from './modules/sms/index.ts';

/** A built web app in miniature: both pages, a hashed asset and a plain file. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Karera</title>');
  fs.writeFileSync(path.join(dir, 'backoffice.html'), '<!doctype html><title>Back office</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As scripts/precompress.mjs leaves them: a brotli and a gzip copy of the larger text files.
  const script = `console.log(${JSON.stringify('karera '.repeat(400))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'live-Zz99Yy88.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'live-Zz99Yy88.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'live-Zz99Yy88.js.gz'), zlib.gzipSync(script));
  const page = `<!doctype html><title>Karera</title>${'<p>Karera</p>'.repeat(200)}`;
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(page));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(page));
  return dir;
}

describe(`a production server (${testDialect})`, () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp({
      NODE_ENV: 'production',
      SMS_OUTBOX_IN_PRODUCTION: '1',
      STREAM_HOSTS: 'https://stream.example.ph, https://cdn.example.ph:8443',
      WEB_DIST_DIR: webDir,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('has pages checked on every visit and hashed assets cached for a year', async () => {
    for (const url of ['/', '/live', '/tutorial-bet?type=WIN', '/backoffice', '/backoffice/players/1']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const direct = await t.app.inject({ url: '/index.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/main-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the precompressed copy the browser takes, with Content-Encoding and Vary', async () => {
    const url = '/assets/live-Zz99Yy88.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('karera karera');
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('karera karera');
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('karera karera');
    // Pages too, still checked on every visit.
    for (const pageUrl of ['/', '/live']) {
      const page = await t.app.inject({ url: pageUrl, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding'], pageUrl).toBe('br');
      expect(page.headers['content-type'], pageUrl).toContain('text/html');
      expect(page.headers['cache-control'], pageUrl).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Karera</title>');
    }
  });

  it('lets pages connect only to this host and the stream hosts, and frame only the stream provider', async () => {
    const page = await t.app.inject({ url: '/live' });
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self' https://stream.example.ph https://cdn.example.ph:8443");
    expect(directive('media-src')).toBe("media-src 'self' blob: https://stream.example.ph https://cdn.example.ph:8443");
    expect(directive('frame-src')).toBe(`frame-src ${STREAM_EMBED_ORIGIN}`);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('shows the API description to signed-in staff only', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).not.toContain('openapi');
    }
    const cookie = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { cookie } });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('marks the session cookies Secure', async () => {
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    const staffSetCookie = String(staff.headers['set-cookie']);
    expect(staffSetCookie).toMatch(/;\s*Secure/i);
    expect(staffSetCookie).toMatch(/;\s*HttpOnly/i);
    const mobileNo = uniqueMobile();
    const registered = await call(t.app, 'register', {
      mobileNo,
      firstName: 'Ana',
      lastName: 'Reyes',
      password: PLAYER_PASSWORD,
      confirmPassword: PLAYER_PASSWORD,
      acceptTerms: true,
    });
    const { playerId } = registered.json<{ playerId: number }>();
    const verified = await call(t.app, 'otp', { otp: await lastOtp(t.app.db, mobileNo), playerId, type: 'P' });
    expect(verified.statusCode).toBe(200);
    const playerSetCookie = String(verified.headers['set-cookie']);
    expect(playerSetCookie).toMatch(/^karera_session=/);
    expect(playerSetCookie).toMatch(/;\s*Secure/i);
  });

  it('never writes an OTP or a reset code to the log, even at trace level', async () => {
    const lines: unknown[] = [];
    const record = (details: unknown) => void lines.push(details);
    const log = { info: record, debug: record, trace: record, warn: record, error: record, fatal: record };
    const sender = createSmsSender(t.app.db, log as unknown as Parameters<typeof createSmsSender>[1], t.config.sms, {
      logCodes: t.config.env !== 'production',
    });
    await sender.send({ mobileNo: uniqueMobile(), text: 'Your Karera code is 482913.', purpose: 'otp-verify' });
    await sender.send({ mobileNo: uniqueMobile(), text: 'Karera reset code: 5521', purpose: 'otp-reset' });
    const logged = JSON.stringify(lines);
    expect(lines).toHaveLength(2);
    expect(logged).not.toContain('482913');
    expect(logged).not.toContain('5521');
    expect(logged).toContain('Your Karera code is');
  });
});
