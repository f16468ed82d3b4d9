import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, playerIdInputSchema, rowIdSchema } from './ids.ts';

describe('ids in request bodies', () => {
  it('takes JSON integers from 1 to the largest a column holds', () => {
    expect(rowIdSchema.parse(1)).toBe(1);
    expect(rowIdSchema.parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    for (const bad of [0, -1, 1.5, MAX_ROW_ID + 1, 2 ** 53 - 1, '2', null]) {
      expect(rowIdSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('takes a player id as an integer or its digits, in the same range', () => {
    expect(playerIdInputSchema.parse(7)).toBe(7);
    expect(playerIdInputSchema.parse('7')).toBe('7');
    for (const bad of [0, '0', MAX_ROW_ID + 1, String(MAX_ROW_ID + 1), '9999999999', '0x2', ' 7', 2 ** 53 - 1]) {
      expect(playerIdInputSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
