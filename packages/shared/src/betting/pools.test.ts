import { describe, expect, it } from 'vitest';
import { betTypeByCode, type BetTypeDefinition } from '../betTypes.ts';
import type { RaceStatus } from '../racing/status.ts';
import { isRaceLocked, offeredBetTypes, poolAccountCode, poolSale, poolSaleOnCard, poolsEndingAt } from './pools.ts';

const byCode = (code: string) => betTypeByCode(code) as BetTypeDefinition;

describe('offeredBetTypes', () => {
  it('offers Win and Forcast always, a flag type only when the race and the event enable it', () => {
    expect(offeredBetTypes([]).map((t) => t.code)).toEqual(['W', 'FC']);
    expect(offeredBetTypes(['DD', 'TRI']).map((t) => t.code)).toEqual(['W', 'FC', 'TRI', 'DD']);
    expect(offeredBetTypes(['DD', 'TRI'], ['TRI']).map((t) => t.code)).toEqual(['W', 'FC', 'TRI']);
  });
});

describe('poolSale', () => {
  it('sells a single-race pool while its race is open or on last call', () => {
    expect(poolSale(['O'])).toEqual({ open: true });
    expect(poolSale(['L'])).toEqual({ open: true });
    for (const status of ['A', 'C', 'D', 'X'] as const) {
      expect(poolSale([status])).toEqual({ open: false, reason: 'closed', leg: 0 });
    }
  });

  it('sells a multi-race pool while its first leg is open and no later leg has closed', () => {
    expect(poolSale(['O', 'A', 'A', 'A'])).toEqual({ open: true });
    expect(poolSale(['L', 'O', 'A'])).toEqual({ open: true });
    expect(poolSale(['C', 'O'])).toEqual({ open: false, reason: 'closed', leg: 0 });
    expect(poolSale(['A', 'A'])).toEqual({ open: false, reason: 'closed', leg: 0 });
    expect(poolSale(['O', 'A', 'C', 'A'])).toEqual({ open: false, reason: 'closed', leg: 2 });
    expect(poolSale(['O', 'X'])).toEqual({ open: false, reason: 'closed', leg: 1 });
    expect(poolSale(['O', 'D'])).toEqual({ open: false, reason: 'closed', leg: 1 });
  });

  it('refuses a pool whose legs are not all on the card', () => {
    expect(poolSale(['O', undefined])).toEqual({ open: false, reason: 'missingLeg' });
    expect(poolSale([])).toEqual({ open: false, reason: 'missingLeg' });
  });

  it('reads the legs of a card: XD takes races n and n+2', () => {
    const card = new Map<number, RaceStatus>([
      [1, 'O'],
      [2, 'C'],
      [3, 'A'],
    ]);
    expect(poolSaleOnCard(byCode('XD'), 1, (no) => card.get(no))).toEqual({ open: true });
    expect(poolSaleOnCard(byCode('DD'), 1, (no) => card.get(no))).toEqual({ open: false, reason: 'closed', leg: 1 });
    expect(poolSaleOnCard(byCode('PICK4'), 1, (no) => card.get(no))).toEqual({ open: false, reason: 'missingLeg' });
  });
});

describe('pool vocabulary', () => {
  it('locks a race once betting has closed', () => {
    expect((['A', 'O', 'L', 'C', 'D', 'X'] as const).filter(isRaceLocked)).toEqual(['C', 'D', 'X']);
  });

  it('names a pool account by its first race and type', () => {
    expect(poolAccountCode({ firstRaceId: 12, betType: 'DD+1' })).toBe('pool:12:DD+1');
  });

  it('finds the pools a race completes as last leg', () => {
    const ending = new Map(poolsEndingAt(7).map((p) => [p.type.code, p.firstRaceNo]));
    expect(ending.get('W')).toBe(7);
    expect(ending.get('DD')).toBe(6);
    expect(ending.get('XD')).toBe(5);
    expect(ending.get('DD+1')).toBe(5);
    expect(ending.get('WTA')).toBe(1);
    expect(poolsEndingAt(2).some((p) => p.type.code === 'PICK4')).toBe(false);
  });
});
