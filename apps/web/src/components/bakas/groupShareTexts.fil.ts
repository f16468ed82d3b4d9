import type { Translation } from '../../i18n/types.ts';
import type { groupShareTexts } from './groupShareTexts.ts';

/** Filipino texts of a member's part of a group ticket (English in groupShareTexts.ts). */
export const groupShareTextsFil = {
  tag: 'Group ticket',
  open: 'Buksan ang group ticket na {{title}}',
  shares: 'Share mo',
  sharesValue: '{{shares}} sa {{total}}',
  stake: 'Taya mo',
  payout: 'Bayad sa iyo',
  fee: 'Kasama rito ang fee ng organiser',
  whole: 'Ang ibang halaga ng ticket ay para sa buong grupo.',
} satisfies Translation<typeof groupShareTexts>;
