import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlayerMessages } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { call } from '../../../test/player-flow.ts';

/** A local stand-in for a Semaphore-style gateway: records each request, answers as told. */
function fakeGateway() {
  const requests: Record<string, string>[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '[]' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      requests.push(Object.fromEntries(new URLSearchParams(raw)));
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  return {
    requests,
    answerWith(status: number, body: unknown) {
      answer = { status, body: JSON.stringify(body) };
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4/messages`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`SMS through an HTTP gateway (${testDialect})`, () => {
  const gateway = fakeGateway();
  let t: TestApp;
  beforeAll(async () => {
    const url = await gateway.start();
    t = await createTestApp({
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: url,
      SMS_API_KEY: 'test-key',
      SMS_SENDER_NAME: 'KARERA',
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.stop();
  });
  beforeEach(() => {
    gateway.requests.length = 0;
  });

  const register = (mobileNo: string) =>
    call(t.app, 'register', {
      mobileNo,
      firstName: 'Gina',
      lastName: 'Lopez',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      acceptTerms: true,
    });
  const outboxRow = (mobileNo: string) =>
    t.app.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('mobile_no', '=', mobileNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('posts the key, number, text and sender name, and keeps no readable code', async () => {
    gateway.answerWith(200, [{ message_id: 1, status: 'Queued' }]);
    const mobileNo = uniqueMobile();
    const response = await register(mobileNo);
    expect(response.statusCode).toBe(200);
    expect(gateway.requests).toHaveLength(1);
    const sent = gateway.requests[0];
    expect(sent).toMatchObject({ apikey: 'test-key', number: `63${mobileNo.slice(1)}`, sendername: 'KARERA' });
    const code = /\b(\d{6})\b/.exec(sent?.message ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const row = await outboxRow(mobileNo);
    expect(row.status).toBe('sent');
    expect(row.message).not.toContain(code);
    // The code that went out through the gateway verifies the account.
    const { playerId } = response.json<{ playerId: number }>();
    expect((await call(t.app, 'otp', { otp: code, playerId, type: 'P' })).statusCode).toBe(200);
  });

  it.each([
    ['a server error', 500, { error: 'down' }],
    ['a refusal', 401, { message: 'Invalid API key' }],
    ['an error object with 200', 200, { apikey: ['The apikey is invalid.'] }],
    ['a failed message', 200, [{ message_id: 2, status: 'Failed' }]],
  ])('answers %s with a clear message and records the failure', async (_case, status, body) => {
    gateway.answerWith(status, body);
    const mobileNo = uniqueMobile();
    const response = await register(mobileNo);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, statusMessage: PlayerMessages.otpSendFailed });
    expect((await outboxRow(mobileNo)).status).toBe('failed');
  });
});
