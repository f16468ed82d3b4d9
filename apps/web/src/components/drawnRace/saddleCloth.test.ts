import { describe, expect, it } from 'vitest';
import { SADDLE_CLOTHS, saddleClothOf } from './saddleCloth.ts';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('saddle cloths', () => {
  it('gives every number a readable cloth (WCAG AA, 4.5:1)', () => {
    for (const { cloth, number } of SADDLE_CLOTHS) expect(contrast(cloth, number)).toBeGreaterThanOrEqual(4.5);
  });

  it('colours by number as tracks do, coupled runners alike', () => {
    expect(saddleClothOf('1').cloth).toBe('#d0021b');
    expect(saddleClothOf('1A')).toEqual(saddleClothOf('1'));
    expect(saddleClothOf('2').cloth).toBe('#ffffff');
    expect(saddleClothOf('17')).toEqual(saddleClothOf('1'));
    expect(new Set(Array.from({ length: 16 }, (_, i) => saddleClothOf(String(i + 1)).cloth)).size).toBe(16);
  });
});
