import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '@karera/shared';
import { en } from './en.ts';
import { fil } from './fil.ts';

describe('bet type rules in both languages', () => {
  it('keeps the spec English of every bet type and gives each a Filipino rule', () => {
    for (const type of BET_TYPES) {
      expect(en.betTypeRules[type.code], type.code).toBe(type.rule);
      expect(fil.betTypeRules[type.code], type.code).toBeTruthy();
      expect(fil.betTypeRules[type.code], type.code).not.toBe(type.rule);
    }
    expect(Object.keys(fil.betTypeRules).sort()).toEqual(BET_TYPES.map((type) => type.code).sort());
  });
});
