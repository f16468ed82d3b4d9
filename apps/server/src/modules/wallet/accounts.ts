import type { Kysely } from 'kysely';
import type { PlayerAccountKind, PoolShareName } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/** House accounts: the other side of every player movement. */
export const HouseAccount = {
  adjustments: 'house:adjustments',
  cashInClearing: 'house:cash-in-clearing',
  cashOutClearing: 'house:cash-out-clearing',
  promoExpense: 'house:promo-expense',
  payouts: 'house:payouts',
  /** A pool's single takeout, before the EO 194 split (decision 049). */
  takeout: 'house:takeout',
  /** EO 194 §1: the franchise holder's commission (8.5% of the gross): the operator's revenue. */
  franchiseCommission: 'house:franchise-commission',
  /** EO 194 §1: stakes or prizes to winning horses (8.5%), held for the horse owners. */
  prizeFund: 'house:prize-fund',
  /** EO 194 §1: the racing regulator's share (1%), owed to the Games and Amusements Board. */
  regulatorShare: 'house:regulator-share',
  /** EO 194 §2: the documentary stamp tax on tickets, owed to the BIR. */
  stampTaxPayable: 'house:stamp-tax-payable',
  /** PD 1157: the tax withheld from winnings, owed to the BIR. */
  winningsTaxPayable: 'house:winnings-tax-payable',
  breakage: 'house:breakage',
  /** What the house pays into pools so that computed dividends reach the 1.00 minimum (decision 046). */
  minusPool: 'house:minus-pool',
  /** Bonus stake inside winning payouts, not returned to the player (decision 016). */
  bonusStakeRetained: 'house:bonus-stake-retained',
} as const;
export type HouseAccountCode = (typeof HouseAccount)[keyof typeof HouseAccount];

/** The account each share of a pool's gross is posted to: fixed here, never a setting (decision 049). */
export const POOL_SHARE_ACCOUNTS = {
  franchiseCommission: HouseAccount.franchiseCommission,
  prizeFund: HouseAccount.prizeFund,
  regulator: HouseAccount.regulatorShare,
  takeout: HouseAccount.takeout,
} as const satisfies Record<PoolShareName, HouseAccountCode>;

export const playerAccountCode = (playerId: number, kind: PlayerAccountKind): string => `player:${playerId}:${kind}`;

const KIND_OF: Record<PlayerAccountKind, 'player_credit' | 'player_bonus' | 'player_withdraw_hold'> = {
  credit: 'player_credit',
  bonus: 'player_bonus',
  withdraw_hold: 'player_withdraw_hold',
};

export async function createHouseAccounts(db: Kysely<Database>): Promise<void> {
  const createdAt = nowIso();
  await db
    .insertInto('accounts')
    .values(
      Object.values(HouseAccount).map((code) => ({
        code,
        kind: 'house' as const,
        player_id: null,
        may_go_negative: 1,
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Opens a new player's credit, bonus and withdraw-hold accounts (in the registering transaction). */
export async function openPlayerAccounts(db: Kysely<Database>, playerId: number): Promise<void> {
  const createdAt = nowIso();
  await db
    .insertInto('accounts')
    .values(
      (Object.keys(KIND_OF) as PlayerAccountKind[]).map((kind) => ({
        code: playerAccountCode(playerId, kind),
        kind: KIND_OF[kind],
        player_id: playerId,
        may_go_negative: 0,
        created_at: createdAt,
      })),
    )
    .execute();
}

export async function accountIdByCode(db: Kysely<Database>, code: string): Promise<number> {
  const row = await db.selectFrom('accounts').select('id').where('code', '=', code).executeTakeFirst();
  if (!row) throw new Error(`Ledger account missing: ${code}`);
  return row.id;
}

export interface PlayerBalances {
  creditBalance: number;
  bonusBalance: number;
  withdrawHoldBalance: number;
}

export async function playerBalances(db: Kysely<Database>, playerId: number): Promise<PlayerBalances> {
  const rows = await db.selectFrom('accounts').select(['kind', 'balance']).where('player_id', '=', playerId).execute();
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balance ?? 0;
  return {
    creditBalance: of('player_credit'),
    bonusBalance: of('player_bonus'),
    withdrawHoldBalance: of('player_withdraw_hold'),
  };
}
