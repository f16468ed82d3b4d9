import type { Kysely, Transaction } from 'kysely';
import {
  BET_TYPES,
  betTypeByCode,
  DualControlKinds,
  proposalResponse,
  toteSettingInputSchema,
  type DualControlRequestResponse,
  type PoolPolicy,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { proposeChange, registerDualControlKind, type DualControlActor } from '../dualcontrol/dualcontrol.service.ts';

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

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;

/** The setting written when an independent second admin approves it (decision 045), in that transaction. */
registerDualControlKind({
  kind: DualControlKinds.toteSetting,
  payloadSchema: toteSettingInputSchema,
  async apply(trx, input, context) {
    await trx
      .insertInto('tote_settings')
      .values({
        bet_type: input.betType,
        takeout_bp: input.takeoutBp,
        no_winner: input.noWinner,
        multi_race_scratch: input.multiRaceScratch,
        cancelled_leg: input.cancelledLeg,
        effective_from: input.effectiveFrom,
        // The proposer entered it; the approval is in the audit entry and the request.
        created_by: context.proposerId,
        created_at: nowIso(),
      })
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: context.approverId, ip: context.ip },
      {
        action: 'tote.setting_added',
        targetType: 'bet_type',
        targetId: input.betType,
        details: {
          ...input,
          requestId: context.requestId,
          proposedBy: context.proposerId,
          approvedBy: context.approverId,
        },
      },
    );
  },
});

/**
 * A takeout and pool-rule setting from a date, proposed: it is written when an independent second admin
 * approves it (decision 045). One proposal waits per bet type.
 */
export async function proposeSetting(
  db: Kysely<Database>,
  proposer: DualControlActor,
  input: ToteSettingInput,
): Promise<DualControlRequestResponse> {
  if (!betTypeByCode(input.betType)) throw new Error(`Unknown bet type ${input.betType}`);
  const before = await policyFor(db, input.betType, input.effectiveFrom);
  const rows = [
    { label: 'Takeout', before: percent(before.takeoutBp), after: percent(input.takeoutBp) },
    { label: 'No winner', before: before.noWinner, after: input.noWinner },
    { label: 'Scratched runner in a multi-race bet', before: before.multiRaceScratch, after: input.multiRaceScratch },
    { label: 'Cancelled leg', before: before.cancelledLeg, after: input.cancelledLeg },
  ];
  const request = await proposeChange(db, proposer, {
    kind: DualControlKinds.toteSetting,
    subject: input.betType,
    payload: input,
    summary: {
      title: `Takeout and pool rules: ${input.betType} from ${input.effectiveFrom}`,
      // Every rule, changed or not: the setting is a whole new row from its date.
      changes: rows,
    },
  });
  return proposalResponse(request);
}
