import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  BackofficeRoutes,
  manilaDate,
  UserRoutes,
  type LoginResponse,
  type RegisterResponse,
  type SmsOutboxResponse,
} from '@karera/shared';
import { E2E_ADMIN, E2E_BASE_URL } from './env.ts';

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

export async function backofficeLogin(
  page: Page,
  username: string = E2E_ADMIN.username,
  password: string = E2E_ADMIN.password,
) {
  await page.goto('/backoffice');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The signed-in shell (its Log out button), not the login form's own heading.
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
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

/** Logs a request context in to the back office as the e2e admin (once per context). */
export async function adminApiLogin(request: APIRequestContext): Promise<void> {
  if (adminContexts.has(request)) return;
  const response = await request.post(BackofficeRoutes.login, { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
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
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Mobile number').fill(player.mobileNo);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-header')).toBeVisible();
}

/** Types a code into the OTP boxes (the first box has focus; each digit moves on). */
export async function typeOtp(page: Page, code: string) {
  await page.getByRole('group', { name: 'OTP' }).getByLabel('Digit 1', { exact: true }).click();
  await page.keyboard.type(code);
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * Tests of a logged-in player: each worker registers and verifies one player through the API and
 * every test starts with that real session (cookie and stored login). Tests that log out or change
 * the account must make their own player instead.
 */
export const playerTest = test.extend<object, { workerPlayerState: StorageState }>({
  workerPlayerState: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const player = await createVerifiedPlayer(api);
      const { cookies } = await api.storageState();
      await use({
        cookies: cookies.filter((cookie) => cookie.name === PLAYER_SESSION_COOKIE),
        origins: [
          {
            origin: E2E_BASE_URL,
            localStorage: Object.entries(storedLoginOf(player.login)).map(([name, value]) => ({ name, value })),
          },
        ],
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ workerPlayerState }, use) => use(workerPlayerState),
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
