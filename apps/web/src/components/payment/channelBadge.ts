import {
  DEPOSIT_TYPE_LABELS,
  WITHDRAW_COMPANY_LABELS,
  type DepositAccountType,
  type WithdrawCompany,
} from '@karera/shared';

/*
 * The built-in image of a deposit or withdraw channel (docs/product/money.md#channels-and-images) when the operator
 * has not uploaded one: a badge with the channel's initials on its colour, drawn by the app. No
 * third-party logo is shipped.
 */

export type ChannelRef = { kind: 'deposit'; type: DepositAccountType } | { kind: 'withdraw'; company: WithdrawCompany };

export interface ChannelBadge {
  initials: string;
  /** Background colour; the initials are white on it (contrast at least 4.5:1). */
  colour: string;
}

/** Colours by channel slug (lower case, letters and digits); others get the neutral one. */
const COLOURS: Record<string, string> = {
  gcash: '#0a5adf',
  paymaya: '#007a4d',
  maya: '#007a4d',
  cliqq: '#9f1239',
  shopee: '#c2410c',
  gotyme: '#1b1464',
  grab: '#15803d',
  coinsph: '#1d4ed8',
  '111': '#b45309',
  '711': '#047857',
  bank: '#374151',
  metrobank: '#0057a8',
  bdo: '#0033a0',
  bpi: '#b11116',
  unionbank: '#c2410c',
  chinabank: '#a6192e',
};
export const NEUTRAL_BADGE_COLOUR = '#4b5563';

export function channelLabel(channel: ChannelRef): string {
  return channel.kind === 'deposit' ? DEPOSIT_TYPE_LABELS[channel.type] : WITHDRAW_COMPANY_LABELS[channel.company];
}

function slugOf(channel: ChannelRef): string {
  return (channel.kind === 'deposit' ? channel.type : channel.company).toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Initials of a channel's name: the first characters of its first two words ("China Bank" CB, "7-Eleven"
 * 7E, "Coins.ph" CP); a short upper-case name whole ("BDO", "111"); the first two capitals of a
 * camel-case name ("GCash" GC, "UnionBank" UB); else its first two letters ("Maya" MA).
 */
export function initialsOf(label: string): string {
  const words = label.split(/[\s.-]+/).filter(Boolean);
  const [first = '', second] = words;
  if (second !== undefined) return `${first[0] ?? ''}${second[0] ?? ''}`.toUpperCase();
  if (/^[A-Z0-9]{1,3}$/.test(first)) return first;
  const capitals = first.match(/[A-Z0-9]/g) ?? [];
  if (capitals.length >= 2) return capitals.slice(0, 2).join('');
  return first.slice(0, 2).toUpperCase();
}

export function channelBadge(channel: ChannelRef): ChannelBadge {
  return { initials: initialsOf(channelLabel(channel)), colour: COLOURS[slugOf(channel)] ?? NEUTRAL_BADGE_COLOUR };
}

/**
 * The badge as an SVG document: the initials in white on the channel's colour, in a rounded square.
 * Shown through an img (a data: URL), so its letters are not text of the page beside the channel's name.
 */
export function channelBadgeSvg(channel: ChannelRef): string {
  const { initials, colour } = channelBadge(channel);
  const fontSize = initials.length > 2 ? 12 : 15;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
    `<rect width="40" height="40" rx="10" fill="${colour}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-size="${fontSize}" font-weight="700">${initials}</text>` +
    '</svg>'
  );
}

export function channelBadgeUrl(channel: ChannelRef): string {
  return `data:image/svg+xml,${encodeURIComponent(channelBadgeSvg(channel))}`;
}
