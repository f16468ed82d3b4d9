import type { Translation } from '../../../i18n/types.ts';

/** Texts of the bet builders on the live screen (box, banker, field); they load with the live page. */
export const builderTexts = {
  title: 'Build your bet',
  kinds: { standard: 'By place', box: 'Box', banker: 'Banker' },
  hints: {
    standard:
      'Pick runners place by place: choose a place in the bet slip (on a phone, tap the slip bar to open it), then tap Bet on its runners.',
    box: 'Tap Bet on the runners to box: they fill every place, in every order.',
    banker: 'Choose the banker and its place, then tap Bet on the runners to go around it.',
  },
  bankerPlace: "Banker's place",
  banker: 'Banker',
  noBanker: 'Choose a runner',
  bankerMark: 'Banker',
  field: {
    place: 'All runners in {{place}}',
    box: 'Box all runners',
    banker: 'All runners around the banker',
  },
  combinations: 'Combinations: {{count}}',
  tooMany: 'Too many: a bet must have fewer than {{limit}} combinations.',
} as const;

/** The same in Filipino, as bettors say it (box, banker and the places keep their racing names). */
export const builderTextsFil = {
  title: 'Buuin ang taya',
  kinds: { standard: 'Kada puwesto', box: 'Box', banker: 'Banker' },
  hints: {
    standard:
      'Pumili kada puwesto: piliin ang puwesto sa bet slip (sa phone, i-tap ang slip bar para mabuksan ito), saka i-tap ang Taya sa mga kabayo nito.',
    box: 'I-tap ang Taya sa mga kabayong ibo-box: nasa bawat puwesto sila, sa lahat ng pagkakasunod-sunod.',
    banker: 'Piliin ang banker at ang puwesto nito, saka i-tap ang Taya sa mga kabayong kasama nito.',
  },
  bankerPlace: 'Puwesto ng banker',
  banker: 'Banker',
  noBanker: 'Pumili ng kabayo',
  bankerMark: 'Banker',
  field: {
    place: 'Lahat ng kabayo sa {{place}}',
    box: 'I-box ang lahat ng kabayo',
    banker: 'Lahat ng kabayo kasama ng banker',
  },
  combinations: 'Kombinasyon: {{count}}',
  tooMany: 'Sobra na: dapat mas kaunti sa {{limit}} ang kombinasyon ng isang taya.',
} satisfies Translation<typeof builderTexts>;
