import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  BET_TYPES,
  betTypeByCode,
  DualControlKinds,
  EO194_POOL_SHARES,
  eo194StampTaxRateOf,
  manilaDateOf,
  PD1157_WINNINGS_TAX,
  POOL_SHARE_NAMES,
  proposalResponse,
  ToteMessages,
  toteSettingInputSchema,
  type DualControlRequestResponse,
  type PoolPolicy,
  type PoolShare,
  type StampTaxRate,
  type ToteSetting,
  type ToteSettingInput,
  type WinningsTaxRule,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { proposeChange, registerDualControlKind, type DualControlActor } from '../dualcontrol/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A bet type's policy when no setting was ever entered (a fresh database; decision 049): the EO 194 split
 * (8.5% franchise commission, 8.5% prize fund, 1% regulator), its stamp tax on each ticket, PD 1157's 10%
 * of the winnings withheld, and the pool rules of decision 009.
 */
export function defaultPolicy(betType: string): PoolPolicy {
  return {
    shares: EO194_POOL_SHARES,
    stampTax: eo194StampTaxRateOf(betType),
    winningsTax: PD1157_WINNINGS_TAX,
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
  };
}

type SettingRow = Selectable<Database['tote_settings']>;

function policyOfRow(row: SettingRow): PoolPolicy {
  return {
    // Rows entered before the shares hold one takeout (migration 20261128120000_philippine_pool_split).
    shares: row.shares ? (JSON.parse(row.shares) as PoolShare[]) : [{ name: 'takeout', rateBp: row.takeout_bp }],
    stampTax: row.stamp_tax ? (JSON.parse(row.stamp_tax) as StampTaxRate) : null,
    winningsTax: { rateBp: row.winnings_tax_bp, base: row.winnings_tax_base },
    noWinner: row.no_winner,
    multiRaceScratch: row.multi_race_scratch,
    cancelledLeg: row.cancelled_leg,
  };
}

/**
 * The policy in force at an instant: the latest setting effective on or before its Manila date that had
 * been entered (approved) by then.
 */
export async function policyInForceAt(db: Db, betType: string, at: string): Promise<PoolPolicy> {
  const row = await db
    .selectFrom('tote_settings')
    .selectAll()
    .where('bet_type', '=', betType)
    .where('effective_from', '<=', manilaDateOf(new Date(at)))
    .where('created_at', '<=', at)
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? policyOfRow(row) : defaultPolicy(betType);
}

/**
 * A pool's policy: the one in force when its first race first opened for betting (decision 049), so a
 * setting entered later never touches a pool already selling. A race not yet opened reads today's.
 */
export async function poolPolicyOf(db: Db, key: { firstRaceId: number; betType: string }): Promise<PoolPolicy> {
  const race = await db.selectFrom('races').select('opened_at').where('id', '=', key.firstRaceId).executeTakeFirst();
  return policyInForceAt(db, key.betType, race?.opened_at ?? nowIso());
}

function settingOfRow(row: SettingRow): ToteSetting {
  const { shares, stampTax, winningsTax, noWinner, multiRaceScratch, cancelledLeg } = policyOfRow(row);
  return {
    betType: row.bet_type,
    shares: [...shares],
    stampTax,
    winningsTax,
    noWinner,
    multiRaceScratch,
    cancelledLeg,
    effectiveFrom: row.effective_from,
    createdAt: row.created_at,
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
  const defaults: ToteSetting[] = BET_TYPES.map((type) => {
    const policy = defaultPolicy(type.code);
    return { betType: type.code, ...policy, shares: [...policy.shares], effectiveFrom: '2000-01-01', createdAt: null };
  });
  return [...rows.map(settingOfRow), ...defaults];
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;
const SHARE_LABELS: Record<PoolShare['name'], string> = {
  franchiseCommission: 'Franchise commission',
  prizeFund: 'Prize fund',
  regulator: 'Regulator share',
  takeout: 'Takeout',
};
function stampTaxText(rate: StampTaxRate | null): string {
  if (!rate) return 'none';
  const centavos = (n: number) => `₱${(n / 100).toFixed(2)}`;
  return rate.kind === 'per-peso'
    ? `${centavos(rate.perPesoCentavos)} per ₱1 or part`
    : `${centavos(rate.baseCentavos)} a ticket + ${centavos(rate.perPesoCentavos)} per ₱1 or part above ₱1`;
}
const winningsTaxText = (rule: WinningsTaxRule) =>
  `${percent(rule.rateBp)} of the ${rule.base === 'winnings' ? 'winnings (dividend less stake)' : 'dividend'}`;

/** The setting written when an independent second admin approves it (decision 045), in that transaction. */
registerDualControlKind({
  kind: DualControlKinds.toteSetting,
  payloadSchema: toteSettingInputSchema,
  async apply(trx, input, context) {
    await trx
      .insertInto('tote_settings')
      .values({
        bet_type: input.betType,
        takeout_bp: input.shares.reduce((sum, share) => sum + share.rateBp, 0),
        shares: JSON.stringify(input.shares),
        stamp_tax: input.stampTax ? JSON.stringify(input.stampTax) : null,
        winnings_tax_bp: input.winningsTax.rateBp,
        winnings_tax_base: input.winningsTax.base,
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
 * A pool split, tax and pool-rule setting from a date, proposed: it is written when an independent second admin
 * approves it (decision 045). One proposal waits per bet type.
 */
export async function proposeSetting(
  db: Kysely<Database>,
  proposer: DualControlActor,
  input: ToteSettingInput,
): Promise<DualControlRequestResponse> {
  if (!betTypeByCode(input.betType)) throw new Error(`Unknown bet type ${input.betType}`);
  if (input.effectiveFrom < manilaDateOf(new Date())) {
    throw badRequest(ToteMessages.effectiveFromPast, { effectiveFrom: ToteMessages.effectiveFromPast });
  }
  const before = await policyInForceAt(db, input.betType, `${input.effectiveFrom}T15:59:59.999Z`);
  const shareRows = POOL_SHARE_NAMES.flatMap((name) => {
    const was = before.shares.find((share) => share.name === name);
    const will = input.shares.find((share) => share.name === name);
    return was || will
      ? [
          {
            label: SHARE_LABELS[name],
            before: was ? percent(was.rateBp) : '—',
            after: will ? percent(will.rateBp) : '—',
          },
        ]
      : [];
  });
  const rows = [
    ...shareRows,
    { label: 'Stamp tax', before: stampTaxText(before.stampTax), after: stampTaxText(input.stampTax) },
    {
      label: 'Tax on winnings',
      before: winningsTaxText(before.winningsTax),
      after: winningsTaxText(input.winningsTax),
    },
    { label: 'No winner', before: before.noWinner, after: input.noWinner },
    { label: 'Scratched runner in a multi-race bet', before: before.multiRaceScratch, after: input.multiRaceScratch },
    { label: 'Cancelled leg', before: before.cancelledLeg, after: input.cancelledLeg },
  ];
  const request = await proposeChange(db, proposer, {
    kind: DualControlKinds.toteSetting,
    subject: input.betType,
    payload: input,
    summary: {
      title: `Pool split, taxes and rules: ${input.betType} from ${input.effectiveFrom}`,
      // Every rule, changed or not: the setting is a whole new row from its date.
      changes: rows,
    },
  });
  return proposalResponse(request);
}
