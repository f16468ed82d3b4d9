import { defineConfig } from '@playwright/test';
import {
  E2E_ADMIN,
  E2E_ADMIN_TOTP_SECRET,
  E2E_ANDROID_APP_FILE,
  E2E_BASE_URL,
  E2E_BETTING_SITE_URL,
  E2E_DEMO_PLAYER,
  E2E_FAST_DEMO_PORT,
  E2E_FAST_DEMO_SPEED,
  E2E_PORT,
  E2E_SECOND_ADMIN,
  E2E_SECOND_ADMIN_TOTP_SECRET,
  CHROMIUM,
  CHROMIUM_HEADLESS_SHELL,
  e2eDataDir,
} from './e2e/env.ts';

const isCI = process.env.CI === 'true' || process.env.CI === '1';

/** The specs that need the Push API, which only the full browser has. */
const PUSH_SPECS = /web-push\.spec\.ts$/;

/**
 * Debian's Chromium; Playwright never downloads a browser here. Pages run in its headless shell (the
 * package chromium-headless-shell, as Playwright's own builds do): it renders the same Blink without the
 * full browser's shell, and took about a fifth less of the suite's time (decision 058).
 */
function launchOptions(executablePath: string) {
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  // Four on two cores: in the headless shell a test spends about a quarter of its time waiting on the
  // server or a page's timers, and the workers beyond two fill those gaps (decision 058). E2E_WORKERS
  // sets another number, to compare.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // Ceilings, not waits: every step waits for the state it needs, and a test ends when its last state is
  // reached. With both cores taken by other work (npm run test:busy) a test took several times its quiet
  // 3-15 s, so one ceiling that holds for the longest flow on a busy machine, rather than one per test.
  timeout: 300_000,
  // The longest a step waits for a state it expects: generous, as a busy machine renders late.
  expect: { timeout: 30_000 },
  reporter: isCI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    // Recording a trace for every test cost about a quarter of the suite's time; CI never reads them.
    trace: isCI ? 'off' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone-chromium',
      testIgnore: PUSH_SPECS,
      use: {
        browserName: 'chromium',
        launchOptions: launchOptions(CHROMIUM_HEADLESS_SHELL),
        // The site's service worker put every file a page loaded through its cache, in every test's new
        // browser context: a fifth of the stage's CPU (decision 058). The specs of the worker itself and of
        // the core bet flow run with it (test.use({ serviceWorkers: 'allow' })).
        serviceWorkers: 'block',
      },
    },
    // The headless shell has no Push API: the web-push flows run in the full browser.
    {
      name: 'push-chromium',
      testMatch: PUSH_SPECS,
      use: { browserName: 'chromium', launchOptions: launchOptions(CHROMIUM) },
    },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        // Where enrolment links texted to new staff point (decision 044).
        PUBLIC_ORIGIN: E2E_BASE_URL,
        // A folder the specs know: they read links texted to new staff from its database (decision 044).
        E2E_DATA_DIR: e2eDataDir(E2E_PORT),
        NODE_ENV: 'production',
        // The tests read codes from the SMS outbox; no gateway here.
        SMS_OUTBOX_IN_PRODUCTION: '1',
        // The HLS stream the live tests serve through the browser's router.
        STREAM_HOSTS: 'https://stream.karera.test',
        DEMO: '1',
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_TOTP_SECRET: E2E_ADMIN_TOTP_SECRET,
        ALLOW_KNOWN_ADMIN_TOTP_SECRET: '1',
        // The suite registers and signs in hundreds of players; full-cost scrypt was a tenth of its CPU.
        TEST_SERVER_WEAK_PASSWORD_HASHING: '1',
        SECOND_ADMIN_USERNAME: E2E_SECOND_ADMIN.username,
        SECOND_ADMIN_PASSWORD: E2E_SECOND_ADMIN.password,
        SECOND_ADMIN_TOTP_SECRET: E2E_SECOND_ADMIN_TOTP_SECRET,
        DEMO_PLAYER_MOBILE: E2E_DEMO_PLAYER.mobile,
        DEMO_PLAYER_PASSWORD: E2E_DEMO_PLAYER.password,
        ANDROID_APP_FILE: E2E_ANDROID_APP_FILE,
        BETTING_SITE_URL: E2E_BETTING_SITE_URL,
        CONTACT_RATE_LIMIT: '50',
        STAFF_LOGIN_RATE_LIMIT: '100',
        // Every test signs its own players in from the one loopback address, faster than 30 a minute.
        PLAYER_AUTH_RATE_LIMIT: '1000',
        // Identity checks before withdrawals are off here: many specs withdraw with fresh players (the API
        // tests cover the gates; e2e/kyc.spec.ts verifies a player and withdraws).
        KYC_GATES: '0',
        // A ₱10,000 covered amount, so the AML spec's deposits (within the default deposit limits) structure.
        AML_COVERED_AMOUNT: '1000000',
      },
    },
    {
      // A second server with its own database whose demo race day runs fast: cards come and go in seconds.
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${E2E_FAST_DEMO_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_FAST_DEMO_PORT),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${E2E_FAST_DEMO_PORT}`,
        E2E_DATA_DIR: e2eDataDir(E2E_FAST_DEMO_PORT),
        NODE_ENV: 'production',
        SMS_OUTBOX_IN_PRODUCTION: '1',
        DEMO: '1',
        SIM_SPEED: String(E2E_FAST_DEMO_SPEED),
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_TOTP_SECRET: E2E_ADMIN_TOTP_SECRET,
        ALLOW_KNOWN_ADMIN_TOTP_SECRET: '1',
        // The suite registers and signs in hundreds of players; full-cost scrypt was a tenth of its CPU.
        TEST_SERVER_WEAK_PASSWORD_HASHING: '1',
        SECOND_ADMIN_USERNAME: E2E_SECOND_ADMIN.username,
        SECOND_ADMIN_PASSWORD: E2E_SECOND_ADMIN.password,
        SECOND_ADMIN_TOTP_SECRET: E2E_SECOND_ADMIN_TOTP_SECRET,
      },
    },
  ],
});
