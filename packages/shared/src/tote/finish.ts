/**
 * A race's official finish: places in order, each a group of runner numbers (more than one runner in a
 * group is a dead heat for that place). Scratched runners never appear.
 */
export type FinishOrder = readonly (readonly number[])[];

/** Places by '-', dead heats by '='. */
export function formatFinish(order: FinishOrder): string {
  return order.map((group) => group.join('=')).join('-');
}

/**
 * Every ordered combination of the first `positions` places that the finish makes a winner. A dead heat
 * spanning several places lets its runners fill them in any order; a dead heat cut off by the last
 * counted place lets any of its runners fill what remains.
 */
export function winningOrders(order: FinishOrder, positions: number): number[][] {
  const slots: (readonly number[])[] = [];
  for (const group of order) {
    for (let i = 0; i < group.length && slots.length < positions; i++) slots.push(group);
    if (slots.length >= positions) break;
  }
  if (slots.length < positions) return [];
  let combos: number[][] = [[]];
  for (const slot of slots) {
    combos = combos.flatMap((combo) => slot.filter((r) => !combo.includes(r)).map((r) => [...combo, r]));
  }
  return combos;
}

/** The runners that won a leg (the first place group). */
export function winnersOf(order: FinishOrder): readonly number[] {
  return order[0] ?? [];
}

/** Checks a finish order against the runners that ran: every place filled with distinct, known runners. */
export function isValidFinish(order: FinishOrder, runnersThatRan: ReadonlySet<number>, minimumPlaces: number): boolean {
  const seen = new Set<number>();
  let placed = 0;
  for (const group of order) {
    if (group.length === 0) return false;
    for (const runner of group) {
      if (!runnersThatRan.has(runner) || seen.has(runner)) return false;
      seen.add(runner);
    }
    placed += group.length;
  }
  return placed >= Math.min(minimumPlaces, runnersThatRan.size) && placed > 0;
}
