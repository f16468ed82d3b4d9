import { describe, expect, it } from 'vitest';
import { MAX_ID, MAX_PAGE, idParam, pageNumber } from './params.ts';

describe('strict path and query numbers', () => {
  it('reads plain digits as the number they spell', () => {
    expect(idParam.parse('2')).toBe(2);
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('1234567890')).toBe(1234567890);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
  });

  it.each([
    ['0x2'],
    ['2.0'],
    ['2.'],
    [' 2'],
    ['2 '],
    ['1e0'],
    ['+2'],
    ['-2'],
    ['02'],
    ['0'],
    [''],
    ['0b10'],
    ['0o2'],
    ['2n'],
    ['Infinity'],
    ['NaN'],
    ['２'],
    ['2\n'],
    ['1_000'],
  ])('refuses %j', (text) => {
    const parsed = idParam.safeParse(text);
    expect(parsed.success).toBe(false);
  });

  it('refuses ids past the largest a column holds, however long', () => {
    expect(idParam.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(idParam.safeParse('99999999999999999999999').success).toBe(false);
    expect(idParam.safeParse('9'.repeat(400)).success).toBe(false);
  });

  it('refuses anything that is not a string (a repeated query key arrives as a list)', () => {
    expect(idParam.safeParse(2).success).toBe(false);
    expect(idParam.safeParse(['2', '3']).success).toBe(false);
  });

  it('says what it wants', () => {
    const parsed = idParam.safeParse('0x2');
    expect(parsed.error?.issues[0]?.message).toBe('Must be a whole number from 1, written in digits only.');
  });

  it('pages from the first, to the last a list offers', () => {
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.parse('3')).toBe(3);
    expect(pageNumber.parse(String(MAX_PAGE))).toBe(MAX_PAGE);
    expect(pageNumber.safeParse(String(MAX_PAGE + 1)).success).toBe(false);
    expect(pageNumber.safeParse('03').success).toBe(false);
    expect(pageNumber.safeParse('1.5').success).toBe(false);
  });
});
