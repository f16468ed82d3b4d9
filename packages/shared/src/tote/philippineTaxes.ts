/**
 * The taxes a Philippine tote owes on a ticket and withholds from a dividend (EO 194 of 1987 §2 and §3,
 * PD 1157 of 1977; see DOMAIN_FACTS.md). The rates changed by later laws, so each is a setting; these are the
 * pure rules and the statute's defaults. Amounts are centavos.
 */

const PESO = 100;

/** How a ticket's documentary stamp tax grows with its stake. */
export type StampTaxRate =
  /** A base per ticket, and a step for every ₱1 or part of ₱1 above the first ₱1. */
  | { kind: 'per-ticket'; baseCentavos: number; perPesoCentavos: number }
  /** A step for every ₱1 or part of ₱1 of the stake. */
  | { kind: 'per-peso'; perPesoCentavos: number };

/** EO 194 §2: ₱0.10 a ticket and ₱0.10 for every ₱1 or part above ₱1 … */
export const EO194_STAMP_TAX: StampTaxRate = { kind: 'per-ticket', baseCentavos: 10, perPesoCentavos: 10 };
/** … but ₱0.05 per ₱1 on Double, Forecast/Quinella and Trifecta tickets. */
export const EO194_EXOTIC_STAMP_TAX: StampTaxRate = { kind: 'per-peso', perPesoCentavos: 5 };
/** The bet types EO 194 §2 names for the lower rate (the law predates DD+1, XD and the Pick pools). */
export const EO194_EXOTIC_BET_TYPES: readonly string[] = ['DD', 'FC', 'TRI'];

/** The statute's stamp tax rate for a bet type. */
export function eo194StampTaxRateOf(betType: string): StampTaxRate {
  return EO194_EXOTIC_BET_TYPES.includes(betType) ? EO194_EXOTIC_STAMP_TAX : EO194_STAMP_TAX;
}

function pesosOrPart(centavos: number): number {
  return Math.ceil(centavos / PESO);
}

/** The documentary stamp tax on one ticket of `stakeCentavos` (nothing on a ticket of nothing). */
export function stampTaxOf(stakeCentavos: number, rate: StampTaxRate): number {
  if (!Number.isSafeInteger(stakeCentavos) || stakeCentavos < 0) {
    throw new RangeError(`a stake is whole centavos, not ${stakeCentavos}`);
  }
  if (stakeCentavos === 0) return 0;
  if (rate.kind === 'per-peso') return rate.perPesoCentavos * pesosOrPart(stakeCentavos);
  return rate.baseCentavos + rate.perPesoCentavos * pesosOrPart(Math.max(0, stakeCentavos - PESO));
}

/**
 * The tax withheld from a winning ticket's dividend (PD 1157, EO 194 §3): a rate in basis points of either
 * the winnings (the dividend less the stake it returns) or the whole dividend.
 */
export interface WinningsTaxRule {
  rateBp: number;
  base: 'winnings' | 'dividend';
}

/** The statute's default: 10% of the winnings. */
export const PD1157_WINNINGS_TAX: WinningsTaxRule = { rateBp: 1_000, base: 'winnings' };

/**
 * The tax on a winning ticket paid `grossPayoutCentavos` for `stakeCentavos` of its own money. Rounded down
 * to the centavo: the player is never withheld more than the rate. A dividend at or below the stake (the ₱1.00
 * minimum) has no winnings to tax on a winnings base.
 */
export function winningsTaxOf(grossPayoutCentavos: number, stakeCentavos: number, rule: WinningsTaxRule): number {
  for (const [name, value] of [
    ['payout', grossPayoutCentavos],
    ['stake', stakeCentavos],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`a ${name} is whole centavos, not ${value}`);
  }
  if (!Number.isInteger(rule.rateBp) || rule.rateBp < 0 || rule.rateBp > 10_000) {
    throw new RangeError(`a tax rate is 0 to 10,000 basis points, not ${rule.rateBp}`);
  }
  const base = rule.base === 'dividend' ? grossPayoutCentavos : Math.max(0, grossPayoutCentavos - stakeCentavos);
  return Math.floor((base * rule.rateBp) / 10_000);
}

/**
 * The shares a pool's gross can be split into, each posted to its own ledger account: EO 194 §1's three, and
 * the single house takeout every pool had before them (settled history keeps reading as it was).
 */
export const POOL_SHARE_NAMES = ['franchiseCommission', 'prizeFund', 'regulator', 'takeout'] as const;
export type PoolShareName = (typeof POOL_SHARE_NAMES)[number];

/** A named share of a pool's gross, in basis points of the gross (EO 194 §1). */
export interface PoolShare {
  name: PoolShareName;
  rateBp: number;
}

/** EO 194 §1: of the gross, 8.5% the franchise holder's commission, 8.5% prizes to horses, 1% the regulator. */
export const EO194_POOL_SHARES: readonly PoolShare[] = [
  { name: 'franchiseCommission', rateBp: 850 },
  { name: 'prizeFund', rateBp: 850 },
  { name: 'regulator', rateBp: 100 },
];

export interface GrossSplit {
  /** Each share in centavos, in the order given. */
  shares: { name: PoolShareName; amount: number }[];
  stampTax: number;
  /** What is left for dividends: the gross less the shares and the tickets' stamp tax. */
  netPool: number;
}

/**
 * Splits a pool's gross: each share rounded down to the centavo, the tickets' stamp tax out of the dividends'
 * part (so at a 10% stamp tax about 72% of sales, not 82%, reaches dividends, as the industry reports), and
 * every centavo of rounding left in the net pool. The parts always add up to the gross.
 */
export function splitGross(grossCentavos: number, stampTaxCentavos: number, shares: readonly PoolShare[]): GrossSplit {
  for (const [name, value] of [
    ['gross', grossCentavos],
    ['stamp tax', stampTaxCentavos],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`a ${name} is whole centavos, not ${value}`);
  }
  const totalBp = shares.reduce((sum, share) => sum + share.rateBp, 0);
  if (shares.some((share) => !Number.isInteger(share.rateBp) || share.rateBp < 0) || totalBp > 10_000) {
    throw new RangeError(`pool shares are whole basis points adding to at most 100%, not ${totalBp}`);
  }
  const amounts = shares.map((share) => ({
    name: share.name,
    amount: Math.floor((grossCentavos * share.rateBp) / 10_000),
  }));
  const netPool = grossCentavos - amounts.reduce((sum, share) => sum + share.amount, 0) - stampTaxCentavos;
  if (netPool < 0)
    throw new RangeError(`the shares and stamp tax (${grossCentavos - netPool}) exceed the gross (${grossCentavos})`);
  return { shares: amounts, stampTax: stampTaxCentavos, netPool };
}
