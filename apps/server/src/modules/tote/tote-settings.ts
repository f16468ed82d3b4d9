import type { Kysely, Transaction } from 'kysely';
import { BET_TYPES, betTypeByCode, type PoolPolicy, type ToteSetting, type ToteSettingInput } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takeout and pool policies until the back office sets its own (docs/decisions/009-tote-and-settlement.md):
 * the straight pools keep less than the exotic and jackpot pools, as Philippine clubs do.
 */
export const DEFAULT_TAKEOUT_BP: Record<string, number> = {
  W: 1500,
  FC: 2000,
  TRI: 2500,
  QRT: 2500,
  PENTA: 2500,
  DD: 2000,
  'DD+1': 2000,
  XD: 2000,
  PICK4: 2500,
  PICK5: 2500,
  PICK6: 2500,
  WTA: 2500,
};

export function defaultPolicy(betType: string): PoolPolicy {
  return {
    takeoutBp: DEFAULT_TAKEOUT_BP[betType] ?? 2000,
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
  };
}

/** The policy in force for a pool on a race date: the latest setting effective on or before it. */
export async function policyFor(db: Db, betType: string, raceDate: string): Promise<PoolPolicy> {
  const row = await db
    .selectFrom('tote_settings')
    .selectAll()
    .where('bet_type', '=', betType)
    .where('effective_from', '<=', raceDate)
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return defaultPolicy(betType);
  return {
    takeoutBp: row.takeout_bp,
    noWinner: row.no_winner,
    multiRaceScratch: row.multi_race_scratch,
    cancelledLeg: row.cancelled_leg,
  };
}

/** Every setting ever entered, newest first, plus the built-in default of each type. */
export async function listSettings(db: Db): Promise<ToteSetting[]> {
  const rows = await db
    .selectFrom('tote_settings')
    .selectAll()
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const entered: ToteSetting[] = rows.map((row) => ({
    betType: row.bet_type,
    takeoutBp: row.takeout_bp,
    noWinner: row.no_winner,
    multiRaceScratch: row.multi_race_scratch,
    cancelledLeg: row.cancelled_leg,
    effectiveFrom: row.effective_from,
    createdAt: row.created_at,
  }));
  const defaults: ToteSetting[] = BET_TYPES.map((type) => ({
    betType: type.code,
    ...defaultPolicy(type.code),
    effectiveFrom: '2000-01-01',
    createdAt: null,
  }));
  return [...entered, ...defaults];
}

export async function addSetting(
  db: Kysely<Database>,
  actor: AuditActor,
  input: ToteSettingInput,
): Promise<ToteSetting> {
  if (!betTypeByCode(input.betType)) throw new Error(`Unknown bet type ${input.betType}`);
  const createdAt = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tote_settings')
      .values({
        bet_type: input.betType,
        takeout_bp: input.takeoutBp,
        no_winner: input.noWinner,
        multi_race_scratch: input.multiRaceScratch,
        cancelled_leg: input.cancelledLeg,
        effective_from: input.effectiveFrom,
        created_by: actor.id ?? 0,
        created_at: createdAt,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'tote.setting_added',
      targetType: 'bet_type',
      targetId: input.betType,
      details: input,
    });
  });
  return { ...input, createdAt };
}
