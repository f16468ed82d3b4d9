import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  StaffRequestMessages,
  StaffRequestRoutes,
  type EnrolmentLinkDoneResponse,
  type EnrolmentLinkOfferResponse,
  StaffSecurityRoutes,
  type StaffLoginResponse,
  type TotpEnrolledResponse,
  type TotpEnrolmentResponse,
} from '@karera/shared';
import type pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { lowerPasswordHashCost } from '../src/lib/passwords.ts';
import { TOTP_PERIOD_SECONDS, totpCodeForStep, totpStepAt } from '../src/modules/staff/staff-totp.ts';
import { sendEnrolmentLink } from '../src/modules/staff/staff-enrolment-links.ts';
import { STAFF_ENROLMENT_SMS_PURPOSE } from '../src/modules/sms/sms.ts';
import { copyDatabaseTemplate, createEmptyDatabase, onAdmin } from './database-template.ts';

export const TEST_ADMIN = { username: 'admin', password: 'admin-password-1' } as const;
/** A known admin TOTP secret (ADMIN_TOTP_SECRET) for suites that start the server as its own process. */
export const TEST_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Which database the API suite runs on: PostgreSQL when TEST_PG_ADMIN_URL is set, else SQLite. */
export const testDialect = process.env.TEST_PG_ADMIN_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh, empty database of the suite's dialect: its own SQLite file or its own PostgreSQL database. */
export function createTestDatabase(): Promise<TestDatabase> {
  return newTestDatabase(undefined);
}

/**
 * A fresh database already migrated: a copy of the run's migrated template (database-template.setup.ts), or,
 * outside a run that made one, a new empty database the app migrates itself.
 */
function createMigratedTestDatabase(): Promise<TestDatabase> {
  return newTestDatabase(inject('migratedDatabaseTemplate') || undefined);
}

async function newTestDatabase(template: string | undefined): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-test-'));
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const env = template
    ? await copyDatabaseTemplate(template, dataDir, adminUrl)
    : await createEmptyDatabase(dataDir, adminUrl);
  const name = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined;
  return {
    env,
    drop: async () => {
      if (adminUrl && name) await onAdmin(adminUrl, (client) => dropWhenUnused(client, name));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app's pool has ended, but its server backends may take a moment to exit. Wait for them rather
 * than force them: a forced termination reaches client sockets that are still closing as an uncaught error.
 */
async function dropWhenUnused(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

/** The real app on a fresh database, API only, quiet, with a known admin password. */
export async function createTestApp(env: Record<string, string> = {}, build: BuildOptions = {}): Promise<TestApp> {
  lowerPasswordHashCost();
  const database = await createMigratedTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST_DIR: path.join(database.env.DATA_DIR ?? os.tmpdir(), 'no-web-build'),
    // Identity verification gates only where a test is about them (modules/kyc turns them on).
    KYC_GATES: '0',
    ...database.env,
    ...env,
  });
  // The app reads TOTP time steps from its own clock, which nextTotpCode moves on rather than wait up to
  // 30 s for the next step when a staff member signs in a third time within one.
  const totpClock = { offsetMs: 0 };
  const testConfig: AppConfig = {
    ...config,
    staffTwoFactor: { ...config.staffTwoFactor, now: () => Date.now() + totpClock.offsetMs },
  };
  const app = await buildApp(testConfig, build);
  totpClocks.set(app, totpClock);
  return {
    app,
    config: testConfig,
    databaseEnv: database.env,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The offset of each test app's TOTP clock from the system clock (see createTestApp). */
const totpClocks = new WeakMap<FastifyInstance, { offsetMs: number }>();

/** Now, on the clock the app reads TOTP time steps from. */
export function totpNow(app: FastifyInstance): number {
  return Date.now() + (totpClocks.get(app)?.offsetMs ?? 0);
}

interface KnownTotp {
  secret: string;
  /** The last time step this helper used a code of: a code is never accepted twice (decision 021). */
  lastStep: number;
}

/** TOTP secrets of the staff members each test app's helpers enrolled or were given, by lower-case username. */
const knownTotp = new WeakMap<FastifyInstance, Map<string, KnownTotp>>();

function totpOf(app: FastifyInstance): Map<string, KnownTotp> {
  let known = knownTotp.get(app);
  if (!known) {
    known = new Map();
    knownTotp.set(app, known);
  }
  return known;
}

/** Tells the helpers a staff member's TOTP secret (one enrolled outside them). */
export function rememberTotpSecret(app: FastifyInstance, username: string, secret: string, lastStep = 0): void {
  totpOf(app).set(username.toLowerCase(), { secret, lastStep });
}

/**
 * A code the server accepts now for a staff member the helpers know: of the current time step, or the
 * next one (the server accepts one step ahead) when the current one is used; beyond that the app's TOTP
 * clock is moved on to the step before (an app not made by createTestApp waits for the real clock).
 */
export async function nextTotpCode(app: FastifyInstance, username: string): Promise<string> {
  const known = totpOf(app).get(username.toLowerCase());
  if (!known) throw new Error(`no known TOTP secret for ${username}`);
  const step = Math.max(totpStepAt(totpNow(app)), known.lastStep + 1);
  const clock = totpClocks.get(app);
  if (clock) {
    const ahead = step - 1 - totpStepAt(totpNow(app));
    if (ahead > 0) clock.offsetMs += ahead * TOTP_PERIOD_SECONDS * 1000;
  }
  while (totpStepAt(totpNow(app)) + 1 < step) await new Promise((resolve) => setTimeout(resolve, 100));
  known.lastStep = step;
  return totpCodeForStep(known.secret, step);
}

function cookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Enrols the staff member of an enrolment-step session (or a full session of an agent without two
 * factors): reads the offered secret, confirms with its code; the new full session and the recovery codes.
 */
export async function enrolTotp(
  app: FastifyInstance,
  cookie: string,
  username: string,
): Promise<{ cookie: string; secret: string; recoveryCodes: string[] }> {
  const offer = await app.inject({ url: StaffSecurityRoutes.enrolment, headers: { cookie } });
  if (offer.statusCode !== 200) throw new Error(`enrolment offer failed: ${offer.body}`);
  const { secret } = offer.json<TotpEnrolmentResponse>();
  rememberTotpSecret(app, username, secret);
  const confirm = await app.inject({
    method: 'POST',
    url: StaffSecurityRoutes.enrolment,
    headers: { cookie },
    payload: { code: await nextTotpCode(app, username) },
  });
  if (confirm.statusCode !== 200) throw new Error(`enrolment failed: ${confirm.body}`);
  return { cookie: cookieOf(confirm), secret, recoveryCodes: confirm.json<TotpEnrolledResponse>().recoveryCodes };
}

/**
 * Logs a staff member in the way the back office does, with the second factor where it applies (enrolling
 * on the first sign-in of an admin or master agent), and returns the cookie header to send with later calls.
 */
export async function staffCookie(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { username, password },
  });
  if (
    response.statusCode === 403 &&
    response.json<{ statusMessage: string }>().statusMessage === StaffRequestMessages.enrolThroughLink
  ) {
    // A staff member someone created enrols through the link texted to them (decision 044), then signs in.
    await enrolThroughTextedLink(app, username, password);
    return staffCookie(app, username, password);
  }
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { step } = response.json<StaffLoginResponse>();
  const cookie = cookieOf(response);
  if (step === 'done') return cookie;
  if (step === 'enrol') return (await enrolTotp(app, cookie, username)).cookie;
  const second = await app.inject({
    method: 'POST',
    url: StaffSecurityRoutes.code,
    headers: { cookie },
    payload: { code: await nextTotpCode(app, username) },
  });
  if (second.statusCode !== 200) throw new Error(`code failed: ${second.body}`);
  return cookieOf(second);
}

/**
 * Enrols a staff member as they would from their phone: the newest enrolment link texted to their number
 * (one is sent when none is live, to a test number set when the account has none), its page's secret, a
 * first code, and the same password again.
 */
export async function enrolThroughTextedLink(app: FastifyInstance, username: string, password: string) {
  const staff = await app.db
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  let mobileNo = staff.mobile_no;
  if (mobileNo === null) {
    mobileNo = `0918${String(staff.id).padStart(7, '0')}`;
    await app.db.updateTable('staff_users').set({ mobile_no: mobileNo }).where('id', '=', staff.id).execute();
  }
  let token = await textedEnrolmentToken(app, mobileNo);
  const live = async (candidate: string | null) =>
    candidate !== null &&
    (await app.inject({ method: 'POST', url: StaffRequestRoutes.linkOffer, payload: { token: candidate } }))
      .statusCode === 200;
  if (!(await live(token))) {
    await sendEnrolmentLink(
      { db: app.db, sms: app.sms, config: app.config },
      { type: 'system', id: null },
      {
        ...staff,
        mobile_no: mobileNo,
      },
    );
    token = await textedEnrolmentToken(app, mobileNo);
  }
  const offer = await app.inject({ method: 'POST', url: StaffRequestRoutes.linkOffer, payload: { token } });
  if (offer.statusCode !== 200) throw new Error(`enrolment link offer failed: ${offer.body}`);
  rememberTotpSecret(app, username, offer.json<EnrolmentLinkOfferResponse>().secret);
  const confirm = await app.inject({
    method: 'POST',
    url: StaffRequestRoutes.linkConfirm,
    payload: { token, password, confirmPassword: password, code: await nextTotpCode(app, username) },
  });
  if (confirm.statusCode !== 200) throw new Error(`enrolment link failed: ${confirm.body}`);
  return confirm.json<EnrolmentLinkDoneResponse>();
}

/** The token of the newest enrolment link texted to a number (the staff member's phone: the raw outbox). */
export async function textedEnrolmentToken(app: FastifyInstance, mobileNo: string): Promise<string | null> {
  const message = await app.db
    .selectFrom('sms_outbox')
    .select('message')
    .where('mobile_no', '=', mobileNo)
    .where('purpose', '=', STAFF_ENROLMENT_SMS_PURPOSE)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return message ? (/#([A-Za-z0-9_-]{43})/.exec(message.message)?.[1] ?? null) : null;
}
