import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium (package chromium) and its headless shell (package chromium-headless-shell). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The e2e server's settings: one fresh database per run, known staff credentials, an Android app file. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
/** The e2e servers' first admin's TOTP secret (ADMIN_TOTP_SECRET): test servers only (decision 021). */
export const E2E_ADMIN_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF';
/**
 * The e2e servers' second founding admin (SECOND_ADMIN_*, decision 044): system-created, so the independent
 * second person who approves what the first admin (and the admins it creates) ask for.
 */
export const E2E_SECOND_ADMIN = { username: 'admin2', password: 'e2e-second-admin-password' } as const;
export const E2E_SECOND_ADMIN_TOTP_SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';
export const E2E_DEMO_PLAYER = { mobile: '09170000001', password: 'demo-pass-1' } as const;
export const E2E_ANDROID_APP_FILE = 'karera.apk';
/** The main e2e server's external betting site (the account menu links to it). */
export const E2E_BETTING_SITE_URL = 'https://bet.example.ph/';

export const ANDROID_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** A second e2e server whose demo race day runs at this pace (60: a race every 3 seconds). */
export const E2E_FAST_DEMO_PORT = Number(process.env.E2E_FAST_DEMO_PORT ?? 3211);
export const E2E_FAST_DEMO_SPEED = 60;
export const E2E_FAST_DEMO_URL = `http://127.0.0.1:${E2E_FAST_DEMO_PORT}`;

/**
 * Where the e2e server on `port` keeps its data (E2E_DATA_DIR, emptied when it starts): a spec reads the
 * SMS a staff member's phone would get from its database, as the API tests do (decision 044).
 */
export function e2eDataDir(port: number): string {
  return path.join(os.tmpdir(), `karera-e2e-data-${port}`);
}
