import { describe, expect, it } from 'vitest';
import { DEPOSIT_ACCOUNT_TYPES, WITHDRAW_COMPANIES } from '@karera/shared';
import {
  channelBadge,
  channelBadgeSvg,
  channelBadgeUrl,
  initialsOf,
  NEUTRAL_BADGE_COLOUR,
  type ChannelRef,
} from './channelBadge.ts';

/** WCAG relative luminance contrast of white on a #rrggbb colour. */
function whiteContrast(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return 1.05 / (luminance + 0.05);
}

const everyChannel: ChannelRef[] = [
  ...DEPOSIT_ACCOUNT_TYPES.map((type): ChannelRef => ({ kind: 'deposit', type })),
  ...WITHDRAW_COMPANIES.map((company): ChannelRef => ({ kind: 'withdraw', company })),
];

describe('built-in channel badges', () => {
  it('reads the initials of a name', () => {
    expect(initialsOf('GCash')).toBe('GC');
    expect(initialsOf('UnionBank')).toBe('UB');
    expect(initialsOf('China Bank')).toBe('CB');
    expect(initialsOf('7-Eleven')).toBe('7E');
    expect(initialsOf('Coins.ph')).toBe('CP');
    expect(initialsOf('BDO')).toBe('BDO');
    expect(initialsOf('111')).toBe('111');
    expect(initialsOf('Maya')).toBe('MA');
    expect(initialsOf('Metrobank')).toBe('ME');
  });

  it('gives every channel one to three initials, white on a colour dark enough to read', () => {
    for (const channel of everyChannel) {
      const badge = channelBadge(channel);
      expect(badge.initials).toMatch(/^[A-Z0-9]{1,3}$/);
      expect(whiteContrast(badge.colour), `${JSON.stringify(channel)} ${badge.colour}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(channelBadge({ kind: 'deposit', type: 'GCASH' })).toEqual({ initials: 'GC', colour: '#0a5adf' });
    expect(channelBadge({ kind: 'withdraw', company: 'bdo' })).toEqual({ initials: 'BDO', colour: '#0033a0' });
    expect(channelBadge({ kind: 'deposit', type: 'PAYMAYA' }).colour).not.toBe(NEUTRAL_BADGE_COLOUR);
  });

  it('draws the badge as an SVG image of its own', () => {
    const svg = channelBadgeSvg({ kind: 'withdraw', company: 'chinabank' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 40 40">/);
    expect(svg).toContain('fill="#a6192e"');
    expect(svg).toContain('>CB</text>');
    const url = channelBadgeUrl({ kind: 'withdraw', company: 'chinabank' });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg);
  });
});
