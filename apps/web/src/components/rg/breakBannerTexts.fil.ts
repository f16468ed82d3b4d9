import type { Translation } from '../../i18n/types.ts';
import type { breakBannerTexts } from './breakBannerTexts.ts';

/** The break banner in Filipino: every key of breakBannerTexts, loaded only in Filipino. */
export const breakBannerTextsFil = {
  coolOff:
    'Naka-cool-off ka hanggang {{date}} (oras sa Maynila). Sarado ang pagtaya, deposito at promo hanggang noon. Puwede ka pa ring mag-withdraw at tingnan ang iyong history.',
  selfExclusion:
    'Naka-self-exclusion ka hanggang {{date}} (oras sa Maynila). Sarado ang pagtaya, deposito at promo hanggang noon. Puwede ka pa ring mag-withdraw at tingnan ang iyong history.',
  operator: 'Naka-exclude ang account mo sa pagtaya, deposito at promo. Makipag-ugnayan sa support.',
  link: 'Responsible Gaming',
} satisfies Translation<typeof breakBannerTexts>;
