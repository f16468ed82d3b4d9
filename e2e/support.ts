import fs from 'node:fs';
import path from 'node:path';
import Database from '../apps/server/src/db/sqlite-driver.mjs';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from './test.ts';
import {
  BackofficeRoutes,
  DualControlRoutes,
  IDEMPOTENCY_KEY_HEADER,
  manilaDate,
  StaffRequestRoutes,
  StaffSecurityRoutes,
  UserRoutes,
  type CreateStaffResponse,
  type DualControlListResponse,
  type EnrolmentLinkOfferResponse,
  type StaffRequestDecisionResponse,
  type LoginResponse,
  type StaffLoginResponse,
  type RegisterResponse,
  type SmsOutboxResponse,
} from '@karera/shared';
import { totpCodeForStep, totpStepAt } from '../apps/server/src/modules/staff/staff-totp.ts';
import {
  E2E_ADMIN,
  E2E_ADMIN_TOTP_SECRET,
  E2E_BASE_URL,
  E2E_SECOND_ADMIN,
  E2E_SECOND_ADMIN_TOTP_SECRET,
  e2eDataDir,
} from './env.ts';

/**
 * Puts a stored player login in the browser, as the web app keeps it after a login (sessionId is
 * only the 'cookie' marker: the session itself is the HttpOnly cookie). Only the web app's guards
 * read it; without a real session cookie the first player call answers 107 and logs out.
 */
export async function storePlayerLogin(page: Page, fields: Record<string, string> = {}): Promise<void> {
  const values = {
    sessionId: 'cookie',
    playerId: '1',
    mobileNo: '09170000001',
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    creditBalance: '500000',
    bonusBalance: '20000',
    agentId: '3',
    ...fields,
  };
  // Once per tab: a later logout must stay logged out across reloads.
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('e2e-login-stored')) return;
    window.sessionStorage.setItem('e2e-login-stored', '1');
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, values);
}

/**
 * Signs in to the back office through the page: without a username as a new admin of this test only
 * (each admin has their own codes, and a code is accepted once: decision 021), else as that staff
 * member. Asked to enrol, it reads the key the page shows and confirms with a code computed from it;
 * asked for a code, it computes one from the secret this worker knows.
 */
export async function backofficeLogin(page: Page, username?: string, password?: string) {
  // Signed in on the players list, where the specs start (an admin's home page is the dashboard).
  await page.goto('/backoffice/players');
  const origin = new URL(page.url()).origin;
  const credentials =
    username === undefined || password === undefined ? await newAdmin(origin) : { username, password };
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The signed-in shell (its Log out button), not the login form's own heading; or a second step first.
  const shell = page.getByRole('button', { name: 'Log out' }).first();
  const codeStep = page.getByRole('heading', { level: 1, name: 'Enter your code' });
  const enrolStep = page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' });
  await expect(shell.or(codeStep).or(enrolStep)).toBeVisible();
  if (await enrolStep.isVisible()) {
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    if (!secret) throw new Error('no TOTP secret on the enrolment screen');
    rememberTotp(origin, credentials.username, secret);
    await page.getByLabel('Code from the app').fill(await nextTotpCode(origin, credentials.username));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'I saved them' }).click();
  } else if (await codeStep.isVisible()) {
    await page.getByLabel('Code', { exact: true }).fill(await nextTotpCode(origin, credentials.username));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(shell).toBeVisible();
}

interface KnownTotp {
  secret: string;
  /** The last time step this worker used a code of: the server accepts each step once per account. */
  lastStep: number;
}

/** TOTP secrets this worker knows, by server origin and lower-case username. */
const knownTotp = new Map<string, KnownTotp>();
const totpKey = (origin: string, username: string) => `${origin} ${username.toLowerCase()}`;

export function rememberTotp(origin: string, username: string, secret: string, lastStep = 0): void {
  knownTotp.set(totpKey(origin, username), { secret, lastStep });
}

/**
 * A code the server accepts now: of the current time step, or of the next one (the server accepts one
 * step ahead) when this worker used the current one; otherwise it waits for the clock to move on.
 */
export async function nextTotpCode(origin: string, username: string): Promise<string> {
  const known = knownTotp.get(totpKey(origin, username));
  if (!known) throw new Error(`no known TOTP secret for ${username}`);
  const step = Math.max(totpStepAt(Date.now()), known.lastStep + 1);
  await expect.poll(() => totpStepAt(Date.now()) + 1 >= step, { timeout: 65_000 }).toBe(true);
  known.lastStep = step;
  return totpCodeForStep(known.secret, step);
}

/** A founding admin of the e2e servers (system-created, with a secret the e2e config sets). */
export interface FoundingAdmin {
  username: string;
  password: string;
  totpSecret: string;
}

export const FIRST_ADMIN: FoundingAdmin = { ...E2E_ADMIN, totpSecret: E2E_ADMIN_TOTP_SECRET };
/** The second founding admin (decision 044): the independent second person for the first admin's requests. */
export const SECOND_ADMIN: FoundingAdmin = { ...E2E_SECOND_ADMIN, totpSecret: E2E_SECOND_ADMIN_TOTP_SECRET };
export const FOUNDING_ADMINS = [FIRST_ADMIN, SECOND_ADMIN] as const;

/**
 * Signs a request context in as a founding admin (the first by default), whose secret the e2e config sets.
 * Both workers may ask in the same 30 s: a code the other one used is refused, so the next step is tried,
 * and a lockout (429) is waited out.
 */
export async function signInBootstrapAdmin(
  api: APIRequestContext,
  origin: string,
  admin: FoundingAdmin = FIRST_ADMIN,
): Promise<void> {
  if (!knownTotp.has(totpKey(origin, admin.username))) {
    rememberTotp(origin, admin.username, admin.totpSecret);
  }
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const login = await api.post(BackofficeRoutes.login, {
      data: { username: admin.username, password: admin.password },
    });
    if (login.status() === 429) {
      await waitSeconds(Number(login.headers()['retry-after'] ?? 1));
      continue;
    }
    expect(login.ok(), await login.text()).toBe(true);
    const code = await api.post(StaffSecurityRoutes.code, {
      data: { code: await nextTotpCode(origin, admin.username) },
    });
    if (code.ok()) return;
    if (code.status() === 429) await waitSeconds(Number(code.headers()['retry-after'] ?? 1));
  }
  throw new Error(`the e2e founding admin ${admin.username} could not sign in with a code`);
}

/** Waits out a lockout the server asked for (Retry-After), polling the clock rather than sleeping blind. */
async function waitSeconds(seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  await expect.poll(() => Date.now() >= until, { timeout: seconds * 1000 + 5_000 }).toBe(true);
}

/**
 * Where the global setup keeps a founding admin's signed-in session for a server (see global-setup.ts):
 * every worker starts from it, so a worker started after a failure does not need a code of its own (the
 * server takes each 30 s code once, and a third sign-in in one window would wait for the next).
 */
export function bootstrapStatePath(origin: string, admin: FoundingAdmin = FIRST_ADMIN): string | null {
  const dir = process.env.E2E_ADMIN_STATE_DIR;
  return dir ? path.join(dir, `${admin.username}-${new URL(origin).port}.json`) : null;
}

/** One signed-in context per server origin, founding admin and worker. */
const bootstrapAdmins = new Map<string, Promise<APIRequestContext>>();

function bootstrapAdmin(
  origin: string,
  signInAgain = false,
  founding: FoundingAdmin = FIRST_ADMIN,
): Promise<APIRequestContext> {
  const key = `${origin} ${founding.username}`;
  let admin = bootstrapAdmins.get(key);
  if (!admin) {
    admin = (async () => {
      const state = bootstrapStatePath(origin, founding);
      if (state && !signInAgain && fs.existsSync(state)) {
        return playwrightRequest.newContext({ baseURL: origin, storageState: state });
      }
      const api = await playwrightRequest.newContext({ baseURL: origin });
      await signInBootstrapAdmin(api, origin, founding);
      return api;
    })();
    admin.catch(() => bootstrapAdmins.delete(key));
    bootstrapAdmins.set(key, admin);
  }
  return admin;
}

/**
 * A request context signed in as the second founding admin on `origin` (shared by this worker's tests):
 * it approves what the first admin and the tests' admins ask for. Signs in again when the session ended.
 */
export async function secondAdminApi(origin: string): Promise<APIRequestContext> {
  const api = await bootstrapAdmin(origin, false, SECOND_ADMIN);
  if ((await api.get(BackofficeRoutes.me)).status() !== 401) return api;
  bootstrapAdmins.delete(`${origin} ${SECOND_ADMIN.username}`);
  return bootstrapAdmin(origin, true, SECOND_ADMIN);
}

/**
 * Opens the back office in `page` signed in as the second founding admin, with the session this worker
 * shares (no code spent). The test must not log out there: the other tests of this worker use it too.
 */
export async function backofficeAsSecondAdmin(page: Page, path = '/backoffice'): Promise<void> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : E2E_BASE_URL).origin;
  const api = await secondAdminApi(origin);
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
}

/**
 * A request context signed in as the first founding admin on `origin` (shared by this worker's tests): the
 * proposer whose change the second founding admin, system-created too, approves independently.
 */
export async function firstAdminApi(origin: string): Promise<APIRequestContext> {
  const api = await bootstrapAdmin(origin, false, FIRST_ADMIN);
  if ((await api.get(BackofficeRoutes.me)).status() !== 401) return api;
  bootstrapAdmins.delete(`${origin} ${FIRST_ADMIN.username}`);
  return bootstrapAdmin(origin, true, FIRST_ADMIN);
}

/** Opens the back office in `page` as the first founding admin, with this worker's session (never log out). */
export async function backofficeAsFirstAdmin(page: Page, path = '/backoffice'): Promise<void> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : E2E_BASE_URL).origin;
  const api = await firstAdminApi(origin);
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
}

/**
 * The second founding admin approves, through the API, the change waiting for a second admin (decision
 * 045) whose title contains `titleText` (a setting or promo a test proposed for its setup). Returns its id.
 */
export async function approveAsSecondAdmin(origin: string, titleText: string): Promise<number> {
  const second = await secondAdminApi(origin);
  const list = await second.get(DualControlRoutes.list);
  expect(list.ok(), await list.text()).toBe(true);
  const waiting = ((await list.json()) as DualControlListResponse).pending.find((request) =>
    request.summary.title.includes(titleText),
  );
  if (!waiting) throw new Error(`no change waiting for a second admin titled …${titleText}…`);
  const approved = await second.post(DualControlRoutes.approve(waiting.id), {
    data: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: `e2e-approve-${uniqueSuffix()}` },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return waiting.id;
}

/**
 * A new admin of this test only (decision 044): the first founding admin asks for it, the second approves,
 * and the new admin enrols through the link texted to their own number (their own password, an
 * authenticator this worker then knows). Signs in with a code from then on.
 */
export async function newAdmin(
  origin: string,
  options: { enrol?: boolean } = {},
): Promise<{ username: string; password: string; mobileNo: string }> {
  const credentials = { username: `adm-${uniqueSuffix()}`, password: 'e2e-admin-password-2' };
  const mobileNo = uniqueMobile();
  const created = await (
    await firstAdminApi(origin)
  ).post(BackofficeRoutes.staff, {
    data: { ...credentials, displayName: 'Administrator', role: 'admin', mobileNo },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const answer = (await created.json()) as CreateStaffResponse;
  if (answer.outcome === 'pending') {
    const approved = await (
      await secondAdminApi(origin)
    ).post(StaffRequestRoutes.approve(answer.request.id), {
      data: {},
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }
  if (options.enrol !== false) await enrolThroughTextedLink(origin, mobileNo, credentials);
  return { ...credentials, mobileNo };
}

/**
 * A staff member made by `request`'s admin as the back office makes one (decision 044): an admin or master
 * agent waits for a second admin, and the second founding admin approves it. Their own number is a fresh
 * one unless given. Answers the account's id.
 */
export async function createStaffByTwoAdmins(request: APIRequestContext, body: Record<string, unknown>) {
  const answer = await adminPost<CreateStaffResponse>(request, BackofficeRoutes.staff, {
    mobileNo: uniqueMobile(),
    ...body,
  });
  if (answer.outcome === 'created') return answer.staff.id;
  const origin = new URL((await request.get('/healthz')).url()).origin;
  const approved = await (
    await secondAdminApi(origin)
  ).post(StaffRequestRoutes.approve(answer.request.id), {
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const staffId = ((await approved.json()) as StaffRequestDecisionResponse).request.staffId;
  if (staffId === null) throw new Error('the approved staff request made no account');
  return staffId;
}

/**
 * The link the server texted last to a staff member's number, read as their phone would get it: from the
 * e2e server's own outbox table (the back office's outbox page blanks the token, decision 044). Waits for it.
 */
export async function textedEnrolmentLink(origin: string, mobileNo: string): Promise<string> {
  const file = path.join(e2eDataDir(Number(new URL(origin).port)), 'karera.db');
  let link: string | undefined;
  await expect
    .poll(() => {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const row: unknown = db
          .prepare(
            "select message from sms_outbox where mobile_no = ? and purpose = 'staff-enrolment' order by id desc limit 1",
          )
          .get(mobileNo);
        const message = typeof row === 'object' && row !== null && 'message' in row ? String(row.message) : '';
        link = /(https?:\/\/\S+#[A-Za-z0-9_-]{43})/.exec(message)?.[1];
      } finally {
        db.close();
      }
      return link !== undefined;
    })
    .toBe(true);
  if (!link) throw new Error(`no enrolment link texted to ${mobileNo}`);
  return link;
}

/** Enrols a staff member through the link texted to them, with `credentials.password` as their own. */
async function enrolThroughTextedLink(
  origin: string,
  mobileNo: string,
  credentials: { username: string; password: string },
): Promise<void> {
  const token = new URL(await textedEnrolmentLink(origin, mobileNo)).hash.slice(1);
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const offer = await api.post(StaffRequestRoutes.linkOffer, { data: { token } });
    expect(offer.ok(), await offer.text()).toBe(true);
    rememberTotp(origin, credentials.username, ((await offer.json()) as EnrolmentLinkOfferResponse).secret);
    const confirm = await api.post(StaffRequestRoutes.linkConfirm, {
      data: {
        token,
        password: credentials.password,
        confirmPassword: credentials.password,
        code: await nextTotpCode(origin, credentials.username),
      },
    });
    expect(confirm.ok(), await confirm.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

/** A new admin, enrolled, and `api` signed in as them with a code. */
async function newEnrolledAdmin(api: APIRequestContext, origin: string) {
  const credentials = await newAdmin(origin);
  const login = await api.post(BackofficeRoutes.login, {
    data: { username: credentials.username, password: credentials.password },
  });
  expect(((await login.json()) as StaffLoginResponse).step, await login.text()).toBe('code');
  const code = await api.post(StaffSecurityRoutes.code, {
    data: { code: await nextTotpCode(origin, credentials.username) },
  });
  expect(code.ok(), await code.text()).toBe(true);
  return credentials;
}

/** A suffix that makes this test's records its own. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A Philippine mobile number nobody else in this run has (0917 plus 7 random digits). */
export function uniqueMobile(): string {
  return `0917${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export interface TestPlayer {
  mobileNo: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Details for a new player of this test only. */
export function newPlayer(): TestPlayer {
  const tag = uniqueSuffix().slice(-6);
  return { mobileNo: uniqueMobile(), password: 'player-pass-1', firstName: `Ana${tag}`, lastName: 'Reyes' };
}

const adminContexts = new WeakSet<APIRequestContext>();

/** Logs a request context in to the back office as a new admin of its own (once per context). */
export async function adminApiLogin(request: APIRequestContext): Promise<void> {
  if (adminContexts.has(request)) return;
  const origin = new URL((await request.get('/healthz')).url()).origin;
  await newEnrolledAdmin(request, origin);
  adminContexts.add(request);
}

export type OtpPurpose = 'verify' | 'reset' | 'mobile' | 'login';

/**
 * The newest OTP the server texted to a number (the e2e server's SMS sender keeps them in the
 * outbox), read through the back-office API as admin. With `after`, only a message newer than that
 * id counts, so a second code is never confused with the first. Waits for the message to arrive.
 */
export async function readOtp(
  request: APIRequestContext,
  mobileNo: string,
  purpose: OtpPurpose,
  after = 0,
): Promise<{ code: string; id: number }> {
  await adminApiLogin(request);
  let found: { code: string; id: number } | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${BackofficeRoutes.smsOutbox}?q=${encodeURIComponent(mobileNo)}`);
        const body = (await response.json()) as SmsOutboxResponse;
        const message = body.messages.find(
          (m) => m.mobileNo === mobileNo && m.purpose === `otp-${purpose}` && m.id > after,
        );
        const code = message ? /(?:^|\D)(\d{6})(?:\D|$)/.exec(message.message)?.[1] : undefined;
        found = message && code ? { code, id: message.id } : null;
        return found !== null;
      },
      { message: `an OTP (${purpose}) texted to ${mobileNo}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** Registers a player through the API; the account waits for its OTP. */
export async function registerPlayer(request: APIRequestContext, player: TestPlayer = newPlayer()) {
  const response = await request.post(UserRoutes.register, {
    data: { ...player, confirmPassword: player.password, acceptTerms: true },
  });
  const body = (await response.json()) as RegisterResponse;
  expect(body.statusCode, JSON.stringify(body)).toBe(200);
  return { ...player, playerId: body.playerId };
}

/**
 * A registered and verified player. The OTP call logs `request` in as that player (the session
 * cookie lands in its cookie jar) and answers with the login fields.
 */
export async function createVerifiedPlayer(request: APIRequestContext, player: TestPlayer = newPlayer()) {
  const registered = await registerPlayer(request, player);
  const { code } = await readOtp(request, player.mobileNo, 'verify');
  const response = await request.post(UserRoutes.otp, {
    data: { otp: code, playerId: registered.playerId, type: 'P' },
  });
  const login = (await response.json()) as LoginResponse;
  expect(login.statusCode, JSON.stringify(login)).toBe(200);
  return { ...registered, login };
}

/** What the web app stores after a login: the fields, with only the 'cookie' marker as sessionId. */
export function storedLoginOf(login: LoginResponse): Record<string, string> {
  return {
    sessionId: 'cookie',
    playerId: String(login.playerId),
    mobileNo: login.mobileNo,
    firstName: login.firstName,
    lastName: login.lastName,
    creditBalance: String(login.creditBalance),
    bonusBalance: String(login.bonusBalance),
    agentId: login.agentId === null ? '' : String(login.agentId),
  };
}

/**
 * Puts a real player session in the page's browser context without the login modal: a new verified
 * player's session cookie (from `request`) and the stored login fields.
 */
export async function signInAsNewPlayer(page: Page, request: APIRequestContext) {
  const player = await createVerifiedPlayer(request);
  const { cookies } = await request.storageState();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE));
  await storePlayerLogin(page, storedLoginOf(player.login));
  return player;
}

/** The player session cookie's name (HttpOnly; set by login, otp type P and linkLogin). */
export const PLAYER_SESSION_COOKIE = 'karera_session';

/** Logs in through the header's Login button and the login modal; lands on /live. */
export async function loginThroughPage(page: Page, player: Pick<TestPlayer, 'mobileNo' | 'password'>) {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  await submitLoginDialog(page, player);
  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-header')).toBeVisible();
}

/** Fills the open login modal with a player's number and password and submits it. */
export async function submitLoginDialog(page: Page, player: Pick<TestPlayer, 'mobileNo' | 'password'>) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Mobile number').fill(player.mobileNo);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Types a code into the OTP boxes (the first box has focus; each digit moves on). */
export async function typeOtp(page: Page, code: string) {
  await page.getByRole('group', { name: 'OTP' }).getByLabel('Digit 1', { exact: true }).click();
  await page.keyboard.type(code);
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** The player of this worker's logged-in tests: made by the first test that needs one, then shared. */
let workerPlayerState: Promise<StorageState> | undefined;

async function newWorkerPlayerState(playwright: PlaywrightWorkerArgs['playwright']): Promise<StorageState> {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const player = await createVerifiedPlayer(api);
    const { cookies } = await api.storageState();
    return {
      cookies: cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE),
      origins: [
        {
          origin: E2E_BASE_URL,
          localStorage: Object.entries(storedLoginOf(player.login)).map(([name, value]) => ({ name, value })),
        },
      ],
    };
  } finally {
    await api.dispose();
  }
}

/**
 * Tests of a logged-in player: each worker registers and verifies one player through the API and
 * every test starts with that real session (cookie and stored login). Tests that log out or change
 * the account must make their own player instead.
 *
 * The player is kept by this module, which a worker loads once, rather than by a worker-scoped fixture:
 * Playwright runs tests whose worker fixtures differ in different worker processes, so each move between
 * these specs and the others in a run stopped every worker and started a new one, browser and all.
 */
export const playerTest = test.extend({
  storageState: async ({ playwright }, use) => {
    workerPlayerState ??= newWorkerPlayerState(playwright).catch((error: unknown) => {
      workerPlayerState = undefined;
      throw error;
    });
    await use(await workerPlayerState);
  },
});

/** A back-office call as admin that must succeed; answers its body. */
export async function adminPost<T>(
  request: APIRequestContext,
  url: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  await adminApiLogin(request);
  const response = await request.post(url, { data, headers });
  const body = (await response.json()) as { statusCode: number };
  expect(body.statusCode, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return body as T;
}

/** Today's Manila date as YYYY-MM-DD, the race date of a race day made for a test. */
export function manilaToday(): string {
  const { year, month, day } = manilaDate(new Date());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Opens a path of the already loaded app the way its own links do: the router takes the new address from
 * the history (a push and a popstate event), without reloading the page. For tests that visit many routes
 * one after another and check each screen, not its first load: a full load re-reads and re-compiles the
 * whole bundle, about half a second of the browser's time a route. Waits until the new path's screen is
 * mounted and has finished fading in (an element being faded in counts as hidden to checkVisibility).
 * For a path the router mounts a screen of its own for: not one that differs from the open one only by
 * its query, nor one that sends the player elsewhere.
 */
export async function openInApp(page: Page, path: string) {
  const pathname = new URL(path, 'http://app.invalid').pathname.toLowerCase();
  await page.evaluate((next) => {
    // The screen shown now, told apart from the one the new path mounts.
    document.querySelectorAll('.route-view').forEach((view) => view.setAttribute('data-left', ''));
    window.history.pushState(null, '', next);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  const view = page.locator(`.route-view[data-route="${pathname}"]:not([data-left])`);
  await expect(view).toBeAttached();
  await view.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
  });
}
