import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '@karera/shared';
import { i18next } from '../../i18n/index.ts';
import { betTypeHeading, combinationOf, ruleSectionId } from './poolTable.ts';

function combinationText(code: string): string {
  const type = BET_TYPES.find((t) => t.code === code);
  if (!type) throw new Error(`no bet type ${code}`);
  const picks = combinationOf(type);
  return i18next.t(`betRules.picks.${picks.key}`, picks);
}

describe('pool table combination', () => {
  it('describes what each bet type picks', () => {
    expect(Object.fromEntries(BET_TYPES.map((type) => [type.code, combinationText(type.code)]))).toEqual({
      W: '1 runner',
      FC: '2 runners in order',
      TRI: '3 runners in order',
      QRT: '4 runners in order',
      PENTA: '5 runners in order',
      DD: '2 consecutive races',
      'DD+1': '3 consecutive races',
      XD: 'races 1 and 3',
      PICK4: '4 consecutive races',
      PICK5: '5 consecutive races',
      PICK6: '6 consecutive races',
      WTA: '7 consecutive races',
    });
  });

  it('follows the race type and selector, not the code', () => {
    expect(combinationOf({ raceType: 'single', selector: 1 })).toEqual({ key: 'runner' });
    expect(combinationOf({ raceType: 'single', selector: 3 })).toEqual({ key: 'runnersInOrder', count: 3 });
    expect(combinationOf({ raceType: 'consecutive', selector: 4 })).toEqual({ key: 'consecutiveRaces', count: 4 });
    expect(combinationOf({ raceType: 'alternate', selector: 2 })).toEqual({ key: 'alternateRaces', first: 1, last: 3 });
  });
});

describe('bet type headings and anchors', () => {
  it('adds the code only when it is not the name', () => {
    expect(betTypeHeading({ name: 'Win', code: 'W' })).toBe('Win (W)');
    expect(betTypeHeading({ name: 'Forcast', code: 'FC' })).toBe('Forcast (FC)');
    expect(betTypeHeading({ name: 'Pick4', code: 'PICK4' })).toBe('Pick4');
    expect(betTypeHeading({ name: 'DD+1', code: 'DD+1' })).toBe('DD+1');
  });

  it('gives every bet type a distinct, safe section id', () => {
    const ids = BET_TYPES.map((type) => ruleSectionId(type.code));
    expect(new Set(ids).size).toBe(BET_TYPES.length);
    for (const id of ids) expect(id).toMatch(/^rule-[a-z0-9-]+$/);
    expect(ruleSectionId('DD+1')).toBe('rule-dd-1');
  });
});
