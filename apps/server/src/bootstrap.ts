import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { AppConfig } from './config.ts';
import { generatePassword } from './config.ts';
import { hashPassword } from './lib/passwords.ts';
import { recordAudit } from './modules/audit/index.ts';
import {
  findStaffByReferralCode,
  findStaffByUsername,
  insertStaff,
  setTotpSecret,
  sealTotpSecret,
} from './modules/staff/index.ts';
import {
  accountIdByCode,
  createHouseAccounts,
  HouseAccount,
  openPlayerAccounts,
  playerAccountCode,
  postTransaction,
} from './modules/wallet/index.ts';
import { nowIso } from './lib/time.ts';
import { seedDemoDepositAccounts } from './modules/payments/index.ts';
import { seedDemoPromos } from './modules/promos/index.ts';

const DEMO_CREDIT = 5_000_00;
const DEMO_BONUS = 200_00;

/**
 * Makes a fresh database usable: house accounts, the first admin (and a second founding admin when
 * configured), the default agent whose referral
 * code players get when they come without one, and (in demo mode) a demo player with credit.
 * Returns the lines to show the operator; credentials appear only when they were just created.
 */
export async function bootstrap(db: Kysely<Database>, config: AppConfig): Promise<string[]> {
  const notes: string[] = [];
  await createHouseAccounts(db);

  const hasAdmin = await db.selectFrom('staff_users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (!hasAdmin) {
    const admin = await insertStaff(db, {
      username: config.admin.username,
      displayName: 'Administrator',
      passwordHash: await hashPassword(config.admin.password),
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: null,
    });
    // A test server's known secret (decision 021): the admin signs in with codes from it, no enrolment.
    if (config.admin.totpSecret) {
      await setTotpSecret(db, admin.id, sealTotpSecret(config.admin.totpSecret, config.staffTwoFactor.secretKey), null);
    }
    await recordAudit(
      db,
      { type: 'system', id: null },
      { action: 'staff.bootstrapped', targetType: 'staff', targetId: admin.id },
    );
    notes.push(
      config.admin.generated
        ? `Back-office admin: ${config.admin.username} / ${config.admin.password} (generated; set ADMIN_PASSWORD to choose)`
        : `Back-office admin: ${config.admin.username} (password from ADMIN_PASSWORD)`,
    );
    if (config.demo && !config.admin.totpSecret) {
      notes.push(
        'Back-office sign-in has two factors: after the password, the first sign-in shows a QR code for an authenticator app',
      );
    }
  }

  if (config.secondAdmin && !(await findStaffByUsername(db, config.secondAdmin.username))) {
    // A second founding admin (decision 044): system-created, so outside every line of creation, the
    // independent second person the first admin's requests need. Test servers also give its secret.
    const second = await insertStaff(db, {
      username: config.secondAdmin.username,
      displayName: 'Second Administrator',
      passwordHash: await hashPassword(config.secondAdmin.password),
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: null,
    });
    if (config.secondAdmin.totpSecret) {
      await setTotpSecret(
        db,
        second.id,
        sealTotpSecret(config.secondAdmin.totpSecret, config.staffTwoFactor.secretKey),
        null,
      );
    }
    await recordAudit(
      db,
      { type: 'system', id: null },
      { action: 'staff.bootstrapped', targetType: 'staff', targetId: second.id },
    );
    notes.push(`Second founding admin: ${config.secondAdmin.username} (password from SECOND_ADMIN_PASSWORD)`);
  }

  if (!(await findStaffByReferralCode(db, config.defaultReferralCode))) {
    const masterUsername = 'house-master';
    const master =
      (await findStaffByUsername(db, masterUsername)) ??
      (await insertStaff(db, {
        username: masterUsername,
        displayName: 'Karera House',
        passwordHash: await hashPassword(generatePassword()),
        role: 'master_agent',
        parentId: null,
        referralCode: null,
        createdByStaffId: null,
      }));
    const agentPassword = generatePassword();
    const agent = await insertStaff(db, {
      username: 'default-agent',
      displayName: 'Karera Default Agent',
      passwordHash: await hashPassword(agentPassword),
      role: 'agent',
      parentId: master.id,
      referralCode: config.defaultReferralCode,
      createdByStaffId: null,
    });
    await recordAudit(
      db,
      { type: 'system', id: null },
      { action: 'staff.bootstrapped', targetType: 'staff', targetId: agent.id },
    );
    // A production log keeps no password: an admin sets this one in the back office.
    notes.push(
      config.env === 'production'
        ? `Default agent: default-agent (referral code ${config.defaultReferralCode}; an admin sets its password)`
        : `Default agent: default-agent / ${agentPassword} (referral code ${config.defaultReferralCode})`,
    );
  }

  if (config.demo) notes.push(...(await seedDemo(db, config)));
  if (config.demo) await seedDemoDepositAccounts(db);
  if (config.demo) await seedDemoPromos(db);
  return notes;
}

async function seedDemo(db: Kysely<Database>, config: AppConfig): Promise<string[]> {
  const mobile = config.demoPlayer.mobile ?? `0917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const existing = await db.selectFrom('players').select('id').where('mobile_no', '=', mobile).executeTakeFirst();
  const anyPlayer = await db.selectFrom('players').select('id').limit(1).executeTakeFirst();
  if (existing || (anyPlayer && !config.demoPlayer.mobile)) {
    return config.demoPlayer.mobile && config.demoPlayer.password && config.env !== 'production'
      ? [`Demo player: ${config.demoPlayer.mobile} / ${config.demoPlayer.password}`]
      : [];
  }
  const password = config.demoPlayer.password ?? generatePassword().slice(0, 12);
  const agent = await findStaffByReferralCode(db, config.defaultReferralCode);
  const passwordHash = await hashPassword(password);

  await db.transaction().execute(async (trx) => {
    const { id: playerId } = await trx
      .insertInto('players')
      .values({
        mobile_no: mobile,
        first_name: 'Juan',
        last_name: 'Dela Cruz',
        email: null,
        password_hash: passwordHash,
        verified: 1,
        agent_id: agent?.id ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await openPlayerAccounts(trx, playerId);
    const house = await accountIdByCode(trx, HouseAccount.adjustments);
    for (const [account, amount] of [
      ['credit', DEMO_CREDIT],
      ['bonus', DEMO_BONUS],
    ] as const) {
      await postTransaction(trx, {
        kind: 'ADJUSTMENT',
        description: `Demo ${account} balance`,
        actor: { type: 'system', id: null },
        metadata: { playerId, account, demo: true },
        postings: [
          { accountId: await accountIdByCode(trx, playerAccountCode(playerId, account)), amount },
          { accountId: house, amount: -amount },
        ],
      });
    }
  });
  // A production log keeps no password, generated or given.
  const shownPassword = config.env === 'production' ? '(password not shown)' : password;
  return [`Demo player: ${mobile} / ${shownPassword} (₱5,000.00 credit, ₱200.00 bonus)`];
}
