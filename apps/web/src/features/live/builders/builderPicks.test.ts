import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bankerSelections,
  betTypeByCode,
  boxSelections,
  builderKindsOf,
  BET_TYPES,
  checkBet,
  countCombinations,
  enumerateCombinations,
  type BetTypeDefinition,
  type Runner,
} from '@karera/shared';
import { emptyPlaces, selectionsOf, type PlacePicks } from '../slip.ts';
import { runner } from '../testRaces.ts';
import {
  aroundIsField,
  bankerOf,
  boxOf,
  chooseBanker,
  fieldAround,
  fieldBoxed,
  moveBanker,
  startBuilder,
  toggleAround,
  toggleBoxed,
} from './builderPicks.ts';

function type(code: string): BetTypeDefinition {
  const found = betTypeByCode(code);
  if (!found) throw new Error(`no bet type ${code}`);
  return found;
}

/** 1 and 1A are one coupled entry; 4 is scratched. */
const card: Runner[] = [
  runner('1'),
  runner('1A'),
  runner('2'),
  runner('3'),
  runner('4', { status: 'S' }),
  runner('5'),
  runner('6'),
];
const sent = (places: PlacePicks) =>
  selectionsOf(
    places,
    places.map(() => card),
  );
const pickedAll = (places: PlacePicks, runnerNos: string[], toggle: (p: PlacePicks, no: string) => PlacePicks) =>
  runnerNos.reduce(toggle, places);

describe('a box on the slip', () => {
  it('puts each runner bet on in every place, and takes it out of every place', () => {
    const trifecta = type('TRI');
    let places: PlacePicks = emptyPlaces(trifecta);
    places = pickedAll(places, ['2', '3', '5'], (p, no) => toggleBoxed(p, card, no));
    expect(sent(places)).toEqual([
      [2, 3, 5],
      [2, 3, 5],
      [2, 3, 5],
    ]);
    expect(countCombinations(trifecta, sent(places))).toBe(6);
    places = toggleBoxed(places, card, '3');
    expect(sent(places)).toEqual([
      [2, 5],
      [2, 5],
      [2, 5],
    ]);
  });

  it('takes a coupled entry as one runner and never a scratched one', () => {
    let places: PlacePicks = emptyPlaces(type('FC'));
    places = toggleBoxed(places, card, '1A');
    places = toggleBoxed(places, card, '4');
    expect([...boxOf(places, card)].sort()).toEqual(['1', '1A']);
    expect(sent(places)).toEqual([[1], [1]]);
  });

  it('boxes the field, then empties it', () => {
    const boxedField = fieldBoxed(emptyPlaces(type('FC')), card);
    expect(sent(boxedField)).toEqual([
      [1, 2, 3, 5, 6],
      [1, 2, 3, 5, 6],
    ]);
    expect(countCombinations(type('FC'), sent(boxedField))).toBe(20);
    expect(sent(fieldBoxed(boxedField, card))).toEqual([[], []]);
  });

  it('starts from every runner picked in any place', () => {
    const places = startBuilder('box', [new Set(['1']), new Set(['2', '3'])], card, 0);
    expect(sent(places)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });
});

describe('a banker on the slip', () => {
  it('fixes the banker in its place and the runners around it in the others', () => {
    const forecast = type('FC');
    let places = chooseBanker(emptyPlaces(forecast), card, 0, '2');
    places = pickedAll(places, ['1', '3', '5'], (p, no) => toggleAround(p, card, 0, no));
    expect(sent(places)).toEqual([[2], [1, 3, 5]]);
    expect(countCombinations(forecast, sent(places))).toBe(3);
    expect(checkBet(forecast, sent(places), 100)).toEqual({ ok: true, value: { combinations: 3, total: 300 } });
  });

  it('keeps the banker out of the runners around it, whichever comes first', () => {
    let places = pickedAll(emptyPlaces(type('TRI')), ['2', '3', '5'], (p, no) => toggleAround(p, card, 1, no));
    expect(sent(places)).toEqual([[2, 3, 5], [], [2, 3, 5]]);
    places = chooseBanker(places, card, 1, '3');
    expect(sent(places)).toEqual([[2, 5], [3], [2, 5]]);
    // Bet on the banker itself changes nothing: it is fixed until another banker is chosen.
    expect(toggleAround(places, card, 1, '3')).toBe(places);
    places = chooseBanker(places, card, 1, null);
    expect(sent(places)).toEqual([[2, 5], [], [2, 5]]);
  });

  it('moves with its runners to another place', () => {
    let places = chooseBanker(emptyPlaces(type('TRI')), card, 0, '5');
    places = pickedAll(places, ['1', '2'], (p, no) => toggleAround(p, card, 0, no));
    expect(sent(moveBanker(places, card, 0, 2))).toEqual([[1, 2], [1, 2], [5]]);
  });

  it('puts the field around the banker (its coupled entry and the scratched runner left out), then clears it', () => {
    let places = chooseBanker(emptyPlaces(type('FC')), card, 1, '1');
    expect(aroundIsField(places, card, 1)).toBe(false);
    places = fieldAround(places, card, 1);
    expect(sent(places)).toEqual([[2, 3, 5, 6], [1]]);
    expect(aroundIsField(places, card, 1)).toBe(true);
    expect(sent(fieldAround(places, card, 1))).toEqual([[], [1]]);
  });

  it('starts from the picks: one runner in the banker place stays the banker, two go around', () => {
    expect(sent(startBuilder('banker', [new Set(['2']), new Set(['2', '3'])], card, 0))).toEqual([[2], [3]]);
    expect(sent(startBuilder('banker', [new Set(['1', '1A']), new Set(['3'])], card, 0))).toEqual([[1], [3]]);
    expect(sent(startBuilder('banker', [new Set(['2', '5']), new Set(['3'])], card, 0))).toEqual([[], [2, 3, 5]]);
    const places = [new Set(['2']), new Set(['3'])];
    expect(startBuilder('standard', places, card, 0)).toBe(places);
  });

  it('reads a scratched banker as no banker', () => {
    const scratched = card.map((r) => (r.runnerNo === '2' ? { ...r, status: 'S' as const } : r));
    const places = chooseBanker(emptyPlaces(type('FC')), card, 0, '2');
    expect([...bankerOf(places, scratched, 0).banker]).toEqual([]);
  });
});

/*
 * What a builder writes is what the server counts: for any card and any taps, the picks sent expand to
 * exactly the combinations the shared builders define, counted by the one shared rule.
 */
describe('builders against the shared rules (property)', () => {
  const boxTypes = BET_TYPES.filter((t) => builderKindsOf(t).includes('box'));
  const cardArb = fc
    .uniqueArray(fc.integer({ min: 1, max: 14 }), { minLength: 2, maxLength: 9 })
    .chain((numbers) =>
      fc.tuple(fc.constant(numbers), fc.array(fc.boolean(), { minLength: numbers.length, maxLength: numbers.length })),
    )
    .map(([numbers, scratched]) => numbers.map((no, i) => runner(String(no), scratched[i] ? { status: 'S' } : {})));
  const keys = (combinations: number[][]) => combinations.map((c) => c.join('-')).sort();
  const baseOf = (runners: readonly Runner[], runnerNos: Iterable<string>) =>
    [...runnerNos].filter((no) => runners.some((r) => r.runnerNo === no && r.status === 'A')).map(Number);

  it('a box of any taps sends the shared box of the runners still picked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...boxTypes),
        cardArb,
        fc.array(fc.nat({ max: 20 }), { maxLength: 12 }),
        (t, runners, taps) => {
          const places = taps.reduce<PlacePicks>(
            (p, tap) => toggleBoxed(p, runners, runners[tap % runners.length]?.runnerNo ?? ''),
            emptyPlaces(t),
          );
          const selections = selectionsOf(
            places,
            places.map(() => runners),
          );
          const expected = boxSelections(baseOf(runners, boxOf(places, runners)), t.selector);
          expect(selections).toEqual(expected);
          expect(keys(enumerateCombinations(t, selections))).toEqual(keys(enumerateCombinations(t, expected)));
          expect(countCombinations(t, selections)).toBe(enumerateCombinations(t, expected).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a banker of any taps sends the shared banker selection', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...boxTypes),
        cardArb,
        fc.nat({ max: 20 }),
        fc.nat({ max: 4 }),
        fc.array(fc.nat({ max: 20 }), { maxLength: 12 }),
        (t, runners, bankerTap, placeTap, taps) => {
          const bankerPlace = placeTap % t.selector;
          const bankerNo = runners[bankerTap % runners.length]?.runnerNo ?? '';
          let places = chooseBanker(emptyPlaces(t), runners, bankerPlace, bankerNo);
          places = taps.reduce<PlacePicks>(
            (p, tap) => toggleAround(p, runners, bankerPlace, runners[tap % runners.length]?.runnerNo ?? ''),
            places,
          );
          const selections = selectionsOf(
            places,
            places.map(() => runners),
          );
          const { banker, others } = bankerOf(places, runners, bankerPlace);
          const bankerNumber = baseOf(runners, banker)[0] ?? null;
          const expected = bankerSelections(bankerNumber, bankerPlace, baseOf(runners, others), t.selector);
          expect(selections).toEqual(expected);
          expect(countCombinations(t, selections)).toBe(enumerateCombinations(t, expected).length);
          for (const combination of enumerateCombinations(t, selections)) {
            expect(combination[bankerPlace]).toBe(bankerNumber);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
