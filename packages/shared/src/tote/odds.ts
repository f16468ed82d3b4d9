import { dividendFor, type PoolPolicy } from './settlePool.ts';
import { splitGross, stampTaxOf } from './philippineTaxes.ts';

/**
 * Live Win odds per runner: the net Win pool (the gross less the policy's shares and the tickets' stamp tax,
 * as settlement splits it) over the stake on the runner, as a dividend per 1.00 (centavos). A runner nobody
 * backed has no odds. `stakes` holds centavos staked per runner number.
 */
export function winOdds(
  stakes: ReadonlyMap<number, number>,
  policy: Pick<PoolPolicy, 'shares'>,
  stampTax: number,
): Map<number, number> {
  let gross = 0;
  for (const stake of stakes.values()) gross += stake;
  const odds = new Map<number, number>();
  if (gross === 0) return odds;
  const net = splitGross(gross, Math.min(stampTax, gross), policy.shares).netPool;
  for (const [runner, stake] of stakes) if (stake > 0) odds.set(runner, dividendFor(net, stake));
  return odds;
}

/** The stamp tax on `count` tickets of `total` centavos each under a policy (none without a stamp tax). */
export function stampTaxOfTickets(policy: Pick<PoolPolicy, 'stampTax'>, total: number, count = 1): number {
  return policy.stampTax && total > 0 ? stampTaxOf(total, policy.stampTax) * count : 0;
}

/** The stamp tax of Win tickets: each ticket's total is its amount on each runner it backs. */
export function winStampTax(
  policy: Pick<PoolPolicy, 'stampTax'>,
  tickets: Iterable<{ amount: number; selections: readonly (readonly number[])[] }>,
): number {
  let tax = 0;
  for (const ticket of tickets) {
    tax += stampTaxOfTickets(policy, ticket.amount * new Set(ticket.selections[0] ?? []).size);
  }
  return tax;
}

/** Centavos staked per runner in a Win pool from its tickets (each pick carries the ticket's amount). */
export function winStakes(tickets: Iterable<{ amount: number; selections: readonly (readonly number[])[] }>) {
  const stakes = new Map<number, number>();
  for (const ticket of tickets) {
    for (const runner of new Set(ticket.selections[0] ?? [])) {
      stakes.set(runner, (stakes.get(runner) ?? 0) + ticket.amount);
    }
  }
  return stakes;
}

/** The leg's favourite at close: the most Win stake, then the shortest quoted odds, then the lowest number. */
export function favouriteOf(
  runners: readonly { runnerNo: number; odds: number | null }[],
  stakes: ReadonlyMap<number, number>,
): number | null {
  const ranked = [...runners].sort(
    (a, b) =>
      (stakes.get(b.runnerNo) ?? 0) - (stakes.get(a.runnerNo) ?? 0) ||
      (a.odds ?? Number.MAX_SAFE_INTEGER) - (b.odds ?? Number.MAX_SAFE_INTEGER) ||
      a.runnerNo - b.runnerNo,
  );
  return ranked[0]?.runnerNo ?? null;
}
