import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode, type ErrorBody } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.ts';

describe(`a wrong method answers 405, an unknown address 404, a malformed one 400 (${testDialect})`, () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    // With a web build, so that the page fallback is there to get in the way.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Karera</title>');
    fs.writeFileSync(path.join(webDir, 'backoffice.html'), '<!doctype html><title>Back office</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const expectMethodNotAllowed = async (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'OPTIONS',
    url: string,
    allow: string,
  ) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode, `${method} ${url}`).toBe(405);
    expect(response.headers.allow).toBe(allow);
    const body = response.json<ErrorBody>();
    expect(body.statusCode).toBe(StatusCode.METHOD_NOT_ALLOWED);
    expect(body.statusMessage).toContain(allow);
  };

  it('lists the methods a known address has', async () => {
    await expectMethodNotAllowed('GET', '/api/game/placeBet', 'POST');
    await expectMethodNotAllowed('DELETE', '/api/site/config', 'GET, HEAD');
    await expectMethodNotAllowed('PUT', '/api/backoffice/staff', 'GET, HEAD, POST');
    await expectMethodNotAllowed('PATCH', '/api/backoffice/players/7/adjustments', 'POST');
    await expectMethodNotAllowed('GET', '/api/backoffice/players/7/adjustments?page=1', 'POST');
    await expectMethodNotAllowed('OPTIONS', '/api/backoffice/racing/events/3', 'GET, HEAD, POST');
  });

  it('still answers the right method, and HEAD where GET is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site/config' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/site/config' })).statusCode).toBe(200);
  });

  it('answers 404 for an address no route has, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const url of ['/api/nothing-here', '/api/game/placeBet/extra', '/api/backoffice/players/7/nothing']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers.allow).toBeUndefined();
        expect(response.json<ErrorBody>().statusCode).toBe(StatusCode.NOT_FOUND);
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/deposit' })).statusCode).toBe(404);
  });

  it('refuses an address it cannot decode in the app’s error shape', async () => {
    for (const url of ['/api/backoffice/players/%ED%A0%80', '/api/backoffice/players/%E0%A4%A']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorBody>()).toEqual({
        statusCode: StatusCode.BAD_REQUEST,
        statusMessage: 'Malformed address.',
      });
    }
  });

  it('keeps serving pages and files for GET', async () => {
    const page = await t.app.inject({ url: '/deposit' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Karera</title>');
    const backoffice = await t.app.inject({ url: '/backoffice/players/7' });
    expect(backoffice.body).toContain('<title>Back office</title>');
    expect((await t.app.inject({ url: '/assets/main-Ab12Cd34.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
