import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.ts';

/** The files of an installable build: the worker, the manifest, the offline page, an icon and assets. */
function installableBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'icons'));
  const write = (file: string, text: string, compressed = false) => {
    fs.writeFileSync(path.join(dir, file), text);
    if (!compressed) return;
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  };
  write('index.html', `<!doctype html><title>Karera</title>${'<p>Karera</p>'.repeat(200)}`, true);
  write('backoffice.html', '<!doctype html><title>Back office</title>');
  write('offline.html', `<!doctype html><title>Karera: You are offline</title>${'<p>offline</p>'.repeat(100)}`, true);
  write('sw.js', `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`, true);
  write('manifest.webmanifest', JSON.stringify({ name: 'Karera', start_url: '/', icons: [] }));
  write('assets/main-Ab12Cd34.js', `console.log(${JSON.stringify('karera '.repeat(400))});`, true);
  write('assets/main-Ab12Cd34.css', `body{color:red}${' '.repeat(2000)}`, true);
  fs.writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

describe(`static files of the installable site (${testDialect})`, () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = installableBuild();
    t = await createTestApp({ NODE_ENV: 'production', SMS_OUTBOX_IN_PRODUCTION: '1', WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves hashed scripts and styles precompressed, immutable for a year, varying by encoding', async () => {
    for (const url of ['/assets/main-Ab12Cd34.js', '/assets/main-Ab12Cd34.css']) {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const answer = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('has the service worker, the manifest and the offline page checked on every visit', async () => {
    const worker = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/' });
    const offline = await t.app.inject({ url: '/offline.html', headers: { 'accept-encoding': 'gzip' } });
    expect(offline.headers['content-encoding']).toBe('gzip');
    expect(offline.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves only the files of the build, by their exact names, and only to GET and HEAD', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/main-Ab12Cd34.js' })).statusCode).toBe(200);
    // Another spelling of a file's name, or of its folder, is not that file, on any file system.
    for (const url of [
      '/assets/MAIN-Ab12Cd34.js',
      '/Assets/main-Ab12Cd34.js',
      '/assets/main-Ab12Cd34.JS',
      '/assets/missing-00000000.js',
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('karera karera');
    }
    // Nothing outside the build: a path climbing out of it is at most the site's page.
    for (const url of ['/assets/../../etc/passwd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd']) {
      const answer = await t.app.inject({ url });
      expect(answer.body, url).not.toContain('root:');
    }
    // A file written after the server started is not served: the build it serves is the one it started with.
    fs.writeFileSync(path.join(webDir, 'assets', 'late-Ef56Gh78.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/assets/late-Ef56Gh78.js' })).statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/assets/main-Ab12Cd34.js' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('never lets a cache keep an API answer', async () => {
    const answer = await t.app.inject({ url: '/api/site/config' });
    expect(answer.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  });
});
