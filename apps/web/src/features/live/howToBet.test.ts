import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypeByCode, type BetTypeDefinition } from '@karera/shared';
import { betTutorialHref, pickPlanOf } from './howToBet.ts';

function type(code: string): BetTypeDefinition {
  const found = betTypeByCode(code);
  if (!found) throw new Error(`no bet type ${code}`);
  return found;
}

describe('pickPlanOf', () => {
  it('asks for the winner of one race for Win', () => {
    expect(pickPlanOf(type('W'))).toEqual({ kind: 'winner' });
  });

  it('asks for runners per place, in order, for the other single-race types', () => {
    expect(pickPlanOf(type('FC'))).toEqual({ kind: 'places', count: 2 });
    expect(pickPlanOf(type('TRI'))).toEqual({ kind: 'places', count: 3 });
    expect(pickPlanOf(type('PENTA'))).toEqual({ kind: 'places', count: 5 });
  });

  it('asks for the winner of each consecutive race of a multi-race pool', () => {
    expect(pickPlanOf(type('DD'))).toEqual({ kind: 'consecutive', count: 2 });
    expect(pickPlanOf(type('PICK4'))).toEqual({ kind: 'consecutive', count: 4 });
    expect(pickPlanOf(type('WTA'))).toEqual({ kind: 'consecutive', count: 7 });
  });

  it('names races 1 and 3 for XD', () => {
    expect(pickPlanOf(type('XD'))).toEqual({ kind: 'alternate', first: 1, second: 3 });
  });

  it('has a plan for every bet type of the table', () => {
    for (const betType of BET_TYPES) expect(pickPlanOf(betType).kind).toBeTruthy();
  });
});

describe('betTutorialHref', () => {
  it('opens the bet tutorial on the type, its code encoded for the query', () => {
    expect(betTutorialHref(type('TRI'))).toBe('/tutorial-bet?type=TRI');
    expect(betTutorialHref(type('DD+1'))).toBe('/tutorial-bet?type=DD%2B1');
  });
});
