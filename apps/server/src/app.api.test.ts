import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.ts';

describe(`app shell (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails the way a bug would, to see what the client is told.
    t.app.get('/api/test/explode', async () => {
      throw new Error('secret database detail');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the health check', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI description of the API at /api/docs', async () => {
    const json = (await t.app.inject({ url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/contact/submit',
        '/api/backoffice/auth/login',
        '/api/backoffice/players/{playerId}/adjustments',
      ]),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers a fault with a generic message and no internals', async () => {
    const response = await t.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, statusMessage: Messages.serverError });
    expect(response.body).not.toContain('secret');
  });

  it('answers malformed JSON and unknown routes as client errors', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().statusCode).toBe(400);
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('answers the API with headers for JSON: nothing loads, frames or keeps it', async () => {
    const response = await t.app.inject({ url: '/api/site/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    const refused = await t.app.inject({ method: 'POST', url: '/api/game/placeBet', payload: {} });
    expect(refused.headers['cache-control']).toBe('no-store');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.headers['cache-control']).not.toBe('no-store');
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });

  it('tells the web app its site settings', async () => {
    const response = await t.app.inject({ url: '/api/site/config' });
    expect(response.json()).toMatchObject({ statusCode: 200, androidAppUrl: null, defaultReferralCode: 'KARERA' });
  });
});
