import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, type ContactListResponse } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

describe(`contact form (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (payload: Record<string, unknown>, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/contact/submit', payload, remoteAddress: ip });

  it('stores a valid message and shows it to an admin', async () => {
    const response = await submit({
      name: ' Ana Cruz ',
      email: 'ana@example.ph',
      reason: 'Support',
      notes: 'My deposit is pending.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, statusMessage: Messages.contactSent });

    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const list = (
      await t.app.inject({ url: '/api/backoffice/contacts', headers: { cookie: admin } })
    ).json<ContactListResponse>();
    expect(list.messages[0]).toMatchObject({
      name: 'Ana Cruz',
      email: 'ana@example.ph',
      reason: 'Support',
      notes: 'My deposit is pending.',
    });
  });

  it('refuses bad input with the field messages and stores nothing', async () => {
    const response = await submit({ name: '', email: 'not-an-email', reason: 'Gossip', notes: '' }, '203.0.113.8');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      name: Messages.contactNameRequired,
      email: Messages.invalidEmail,
      reason: Messages.contactReasonRequired,
      notes: Messages.contactNotesRequired,
    });
    const { count } = await t.app.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it('limits how often one address can send', async () => {
    const payload = { name: 'Spam', email: 'spam@example.ph', reason: 'Sales', notes: 'Buy now' };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await submit(payload, '198.51.100.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await submit(payload, '198.51.100.9');
    expect(limited.json()).toEqual({ statusCode: 429, statusMessage: Messages.tooManyRequests });
  });
});
