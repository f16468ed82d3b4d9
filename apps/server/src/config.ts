import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AML_SETTINGS, DEFAULT_KYC_DEPOSIT_THRESHOLD, type AmlSettings } from '@karera/shared';
import { parseTrustProxy, type TrustedProxies } from './plugins/trust-proxy.ts';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DEMO: booleanFlag.optional(),
  DEMO_CROWD: booleanFlag.optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,32}$/)
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(10).max(128).optional(),
  // A known TOTP secret (base32) for the first admin, for automated tests only (decision 021): refused in
  // production unless ALLOW_KNOWN_ADMIN_TOTP_SECRET=1 says it is a test server.
  ADMIN_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'ADMIN_TOTP_SECRET must be 16-64 base32 characters (A-Z, 2-7)')
    .optional(),
  ALLOW_KNOWN_ADMIN_TOTP_SECRET: booleanFlag.default(false),
  // A test server that registers thousands of players may hash their passwords at a low cost; a real one never.
  TEST_SERVER_WEAK_PASSWORD_HASHING: booleanFlag.default(false),
  // A second founding admin (decision 044), for test servers: with one admin alone nobody could ever approve
  // the creation of another. All three or none; the secret is refused in production like ADMIN_TOTP_SECRET.
  SECOND_ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,32}$/)
    .optional(),
  SECOND_ADMIN_PASSWORD: z.string().min(10).max(128).optional(),
  // The site's own address, for links texted to staff (decision 044): never taken from a request's Host
  // header, which the staff member asking could forge to send a one-time token to a site of theirs.
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_ORIGIN must be an http(s) URL' })
    .optional()
    .transform((url) => (url === undefined ? undefined : new URL(url).origin)),
  SECOND_ADMIN_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'SECOND_ADMIN_TOTP_SECRET must be 16-64 base32 characters (A-Z, 2-7)')
    .optional(),
  // 64 hex characters (32 bytes): seals staff TOTP secrets at rest, so a database copy alone does not reveal them.
  STAFF_TOTP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'STAFF_TOTP_KEY must be 64 hex characters')
    .optional(),
  // Admins and master agents always sign in with two factors; agents too when this is on.
  AGENT_TWO_FACTOR_REQUIRED: booleanFlag.default(false),
  DEMO_PLAYER_MOBILE: z
    .string()
    .regex(/^09\d{9}$/, 'DEMO_PLAYER_MOBILE must be 09 followed by 9 digits')
    .optional(),
  DEMO_PLAYER_PASSWORD: z.string().min(6).max(18).optional(),
  DEFAULT_REFERRAL_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{4,20}$/)
    .transform((code) => code.toUpperCase())
    .default('KARERA'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  ANDROID_APP_FILE: z
    .string()
    .regex(/^[\w.-]+\.apk$/, 'ANDROID_APP_FILE must be a file name ending in .apk')
    .optional(),
  TELEGRAM_URL: z.url().default('https://t.me/karera_ph'),
  FACEBOOK_URL: z.url().default('https://m.me/karera.ph'),
  SUPPORT_EMAIL: z.email().default('support@karera.ph'),
  // The account menu's external betting site: an http(s) address, or unset (or empty) for no link.
  BETTING_SITE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'BETTING_SITE_URL must be an http(s) URL' })])
    .optional()
    .transform((url) => url || null),
  // The proxies in front of the server: a hop count or their addresses (every per-IP limit depends on it).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, context) => {
      const parsed = parseTrustProxy(raw);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  MASTER_AGENT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  STAFF_LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PLAYER_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  KYC_SUBMIT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  SMS_SENDER: z.enum(['outbox', 'http']).default('outbox'),
  SIM_SPEED: z.coerce.number().positive().max(1000).default(1),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_NAME: z.string().min(1).max(11).default('KARERA'),
  // The outbox keeps every code in the database for staff to read: in production only when meant.
  SMS_OUTBOX_IN_PRODUCTION: booleanFlag.default(false),
  // Web push's VAPID key pair (RFC 8292, base64url P-256): both or neither; without them the server draws a
  // pair on its first start and keeps it in the database. The subject is the contact push services see.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^B[A-Za-z0-9_-]{86}$/,
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, base64url (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key, base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional(),
  // Secure cookies need HTTPS; a production build reached over plain loopback HTTP (tests) turns them off.
  INSECURE_COOKIES: booleanFlag.default(false),
  // Anti-money-laundering thresholds (decision 035); money in centavos. Defaults: DEFAULT_AML_SETTINGS.
  AML_COVERED_AMOUNT: z.coerce.number().int().min(100).default(DEFAULT_AML_SETTINGS.coveredAmount),
  AML_STRUCTURING_BAND_PERCENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(99)
    .default(DEFAULT_AML_SETTINGS.structuringBandPercent),
  AML_STRUCTURING_DEPOSITS: z.coerce.number().int().min(2).max(100).default(DEFAULT_AML_SETTINGS.structuringDeposits),
  AML_STRUCTURING_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(DEFAULT_AML_SETTINGS.structuringWindowHours),
  AML_LOW_TURNOVER_PERCENT: z.coerce.number().int().min(0).max(100).default(DEFAULT_AML_SETTINGS.lowTurnoverPercent),
  AML_SHARED_ACCOUNT_PLAYERS: z.coerce
    .number()
    .int()
    .min(2)
    .max(100)
    .default(DEFAULT_AML_SETTINGS.sharedAccountPlayers),
  AML_RAPID_CYCLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(DEFAULT_AML_SETTINGS.rapidCycleMinutes),
  AML_RAPID_CYCLES: z.coerce.number().int().min(2).max(100).default(DEFAULT_AML_SETTINGS.rapidCycles),
  // Hosts of HLS race streams (https origins, comma-separated): the only places the live page may fetch from.
  // Identity verification before the first withdrawal and past a deposit total (decision 033): on unless
  // turned off (the API and e2e test servers that are not about KYC turn it off).
  KYC_GATES: booleanFlag.default(true),
  // Centavos of deposits (pending and approved) a player may make in all before verifying; the Verify
  // identity page shows it. Default: DEFAULT_KYC_DEPOSIT_THRESHOLD.
  KYC_DEPOSIT_THRESHOLD: z.coerce.number().int().min(0).default(DEFAULT_KYC_DEPOSIT_THRESHOLD),
  STREAM_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        const origin = httpsOrigin(entry);
        if (origin === null) {
          context.addIssue({ code: 'custom', message: `STREAM_HOSTS: '${entry}' is not an https:// origin` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
});

/** 'https://host[:port]' with nothing after the host, normalised; null for anything else. */
function httpsOrigin(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return url.protocol === 'https:' && bare ? url.origin : null;
  } catch {
    return null;
  }
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  demo: boolean;
  /** The demo race day's simulated bettors (decision 047): only while the simulator runs. */
  demoCrowd: boolean;
  admin: { username: string; password: string; generated: boolean; totpSecret: string | null };
  /** A second founding admin, system-created at bootstrap (test servers: decision 044); null when not set. */
  secondAdmin: { username: string; password: string; totpSecret: string | null } | null;
  /** The origin of links texted to staff; null: none configured (production then sends no staff links). */
  publicOrigin: string | null;
  /** Staff sign-in with two factors (decision 021): the key that seals TOTP secrets, and whether agents must. */
  /** `now` is the clock time steps are read from (the system clock; the API tests move it on instead of waiting). */
  staffTwoFactor: { secretKey: Buffer | null; agentsRequired: boolean; now: () => number };
  /** New passwords hashed at a low cost: TEST_SERVER_WEAK_PASSWORD_HASHING, for e2e test servers only. */
  weakPasswordHashing?: boolean;
  demoPlayer: { mobile: string | null; password: string | null };
  defaultReferralCode: string;
  logLevel: string;
  webDistDir: string;
  androidAppFile: string | null;
  telegramUrl: string;
  facebookUrl: string;
  supportEmail: string;
  /** The external betting site linked from the account menu; null hides the link. */
  bettingSiteUrl: string | null;
  /** Proxies whose X-Forwarded-For is believed: request.ip is the first address from the right that is not one. */
  trustProxy: TrustedProxies;
  rateLimits: {
    contactPerHour: number;
    staffLoginPerMinute: number;
    playerAuthPerMinute: number;
    masterAgentApplicationsPerHour: number;
    /** Identity submissions per address and minute: each decodes and re-encodes two photos. */
    kycSubmissionsPerMinute: number;
  };
  sms: { sender: 'outbox' } | { sender: 'http'; gatewayUrl: string; apiKey: string; senderName: string };
  /** Race-day simulator pace: 1 is about 3 minutes a race, 60 about 3 seconds. */
  simSpeed: number;
  /** Secure cookies need HTTPS; off only where the server is reached over plain loopback HTTP. */
  secureCookies: boolean;
  /** https origins the live page may load HLS race streams from (CSP connect-src and media-src). */
  streamHosts: string[];
  /** The API description (/api/docs) for signed-in staff only: the production default. */
  docsForStaffOnly: boolean;
  /** Anti-money-laundering thresholds (decision 035). */
  aml: AmlSettings;
  /** Identity verification gates (decision 033): whether on, and the deposit total (centavos) that needs it. */
  kyc: { gates: boolean; depositThreshold: number };
  /**
   * Web push: the VAPID key pair from the environment (null: the database's), the subject push services
   * see, and whether subscriptions may name a loopback push service (the API tests' local one).
   */
  push: { vapidKeys: { publicKey: string; privateKey: string } | null; subject: string; loopbackEndpoints: boolean };
}

export function generatePassword(): string {
  // 15 random bytes -> 20 URL-safe characters; easy to copy from a terminal.
  return randomBytes(15).toString('base64url');
}

function smsConfig(e: z.infer<typeof envSchema>): AppConfig['sms'] {
  if (e.SMS_SENDER === 'outbox') return { sender: 'outbox' };
  if (!e.SMS_GATEWAY_URL || !e.SMS_API_KEY) {
    throw new Error('Invalid configuration:\n  SMS_SENDER=http needs SMS_GATEWAY_URL and SMS_API_KEY');
  }
  return { sender: 'http', gatewayUrl: e.SMS_GATEWAY_URL, apiKey: e.SMS_API_KEY, senderName: e.SMS_SENDER_NAME };
}

/** A fixed admin TOTP secret is for test servers: anyone who reads it signs in as the admin. */
function knownAdminTotpSecret(e: z.infer<typeof envSchema>): string | null {
  if (e.ADMIN_TOTP_SECRET === undefined) return null;
  if (e.NODE_ENV === 'production' && !e.ALLOW_KNOWN_ADMIN_TOTP_SECRET) {
    throw new Error(
      'Invalid configuration:\n  ADMIN_TOTP_SECRET is for test servers only; in production set ALLOW_KNOWN_ADMIN_TOTP_SECRET=1 to mean it',
    );
  }
  return e.ADMIN_TOTP_SECRET;
}

/**
 * The second founding admin: a username and a password, or neither. Its known secret is optional (without
 * it the admin enrols at the first sign-in, as the first admin does) and refused in production like
 * ADMIN_TOTP_SECRET: a production installation sets the two names and passwords, test servers the secrets.
 */
function secondFoundingAdmin(e: z.infer<typeof envSchema>): AppConfig['secondAdmin'] {
  const { SECOND_ADMIN_USERNAME: username, SECOND_ADMIN_PASSWORD: password, SECOND_ADMIN_TOTP_SECRET: secret } = e;
  if (username === undefined && password === undefined && secret === undefined) return null;
  if (username === undefined || password === undefined) {
    throw new Error('Invalid configuration:\n  SECOND_ADMIN_USERNAME and SECOND_ADMIN_PASSWORD go together');
  }
  if (username.toLowerCase() === e.ADMIN_USERNAME.toLowerCase()) {
    throw new Error('Invalid configuration:\n  SECOND_ADMIN_USERNAME must differ from ADMIN_USERNAME');
  }
  if (secret !== undefined && e.NODE_ENV === 'production' && !e.ALLOW_KNOWN_ADMIN_TOTP_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SECOND_ADMIN_TOTP_SECRET is for test servers only; in production set ALLOW_KNOWN_ADMIN_TOTP_SECRET=1 to mean it',
    );
  }
  return { username, password, totpSecret: secret ?? null };
}

/** Where links texted to staff point: PUBLIC_ORIGIN, or this machine outside production. */
function publicOrigin(e: z.infer<typeof envSchema>): string | null {
  if (e.PUBLIC_ORIGIN !== undefined) return e.PUBLIC_ORIGIN;
  return e.NODE_ENV === 'production' ? null : `http://localhost:${e.PORT}`;
}

/** Reads and validates the environment once. Throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const unsafe = e.NODE_ENV === 'production' ? productionProblems(e) : [];
  if (unsafe.length > 0) throw new Error(`Unsafe configuration for production:\n  ${unsafe.join('\n  ')}`);
  // npm runs workspace scripts inside the workspace; relative paths mean the directory npm was started in.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'karera.db') },
    // The demo race day is on unless turned off, but never by default in production.
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    demoCrowd: (e.DEMO ?? e.NODE_ENV !== 'production') && (e.DEMO_CROWD ?? true),
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD ?? generatePassword(),
      generated: e.ADMIN_PASSWORD === undefined,
      totpSecret: knownAdminTotpSecret(e),
    },
    secondAdmin: secondFoundingAdmin(e),
    publicOrigin: publicOrigin(e),
    staffTwoFactor: {
      secretKey: e.STAFF_TOTP_KEY ? Buffer.from(e.STAFF_TOTP_KEY, 'hex') : null,
      agentsRequired: e.AGENT_TWO_FACTOR_REQUIRED,
      now: Date.now,
    },
    weakPasswordHashing: e.TEST_SERVER_WEAK_PASSWORD_HASHING,
    demoPlayer: { mobile: e.DEMO_PLAYER_MOBILE ?? null, password: e.DEMO_PLAYER_PASSWORD ?? null },
    defaultReferralCode: e.DEFAULT_REFERRAL_CODE,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(baseDir, e.WEB_DIST_DIR)
      : path.join(import.meta.dirname, '../../web/dist'),
    androidAppFile: e.ANDROID_APP_FILE ?? null,
    telegramUrl: e.TELEGRAM_URL,
    facebookUrl: e.FACEBOOK_URL,
    supportEmail: e.SUPPORT_EMAIL,
    bettingSiteUrl: e.BETTING_SITE_URL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      contactPerHour: e.CONTACT_RATE_LIMIT,
      staffLoginPerMinute: e.STAFF_LOGIN_RATE_LIMIT,
      playerAuthPerMinute: e.PLAYER_AUTH_RATE_LIMIT,
      masterAgentApplicationsPerHour: e.MASTER_AGENT_RATE_LIMIT,
      kycSubmissionsPerMinute: e.KYC_SUBMIT_RATE_LIMIT,
    },
    sms: smsConfig(e),
    simSpeed: e.SIM_SPEED,
    secureCookies: e.NODE_ENV === 'production' && !e.INSECURE_COOKIES,
    streamHosts: e.STREAM_HOSTS,
    docsForStaffOnly: e.NODE_ENV === 'production',
    aml: {
      coveredAmount: e.AML_COVERED_AMOUNT,
      structuringBandPercent: e.AML_STRUCTURING_BAND_PERCENT,
      structuringDeposits: e.AML_STRUCTURING_DEPOSITS,
      structuringWindowHours: e.AML_STRUCTURING_WINDOW_HOURS,
      lowTurnoverPercent: e.AML_LOW_TURNOVER_PERCENT,
      sharedAccountPlayers: e.AML_SHARED_ACCOUNT_PLAYERS,
      rapidCycleMinutes: e.AML_RAPID_CYCLE_MINUTES,
      rapidCycles: e.AML_RAPID_CYCLES,
    },
    kyc: { gates: e.KYC_GATES, depositThreshold: e.KYC_DEPOSIT_THRESHOLD },
    push: pushConfig(e),
  };
}

/** Web push: the VAPID key pair named by the environment (else the database's), and the subject. */
function pushConfig(e: z.infer<typeof envSchema>): AppConfig['push'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  return {
    vapidKeys: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null,
    subject:
      e.VAPID_SUBJECT ?? (e.PUBLIC_ORIGIN?.startsWith('https://') ? e.PUBLIC_ORIGIN : `mailto:${e.SUPPORT_EMAIL}`),
    loopbackEndpoints: e.NODE_ENV === 'test',
  };
}

/**
 * What a production server must not start with: codes kept readable in the outbox without meaning to,
 * and a generated admin password that would have to be printed for anyone to sign in.
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.SMS_SENDER === 'outbox' && !e.SMS_OUTBOX_IN_PRODUCTION) {
    problems.push(
      'SMS_SENDER=outbox keeps codes in the database for staff to relay: set SMS_SENDER=http with a gateway, or SMS_OUTBOX_IN_PRODUCTION=1 to mean it',
    );
  }
  if (e.ADMIN_PASSWORD === undefined) {
    problems.push("ADMIN_PASSWORD: set the first admin's password (a generated one is never printed in production)");
  }
  return problems;
}
