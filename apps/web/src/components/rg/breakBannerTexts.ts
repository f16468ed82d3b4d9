import { pageTranslator } from '../../i18n/pageTexts.ts';

/** The break banner's texts (BreakBanner.tsx), with the screens that show it: never in the landing's bundle. */
export const breakBannerTexts = {
  coolOff:
    'You are on a cool-off until {{date}} (Manila time). Betting, deposits and promos are closed until then. You can still withdraw and see your history.',
  selfExclusion:
    'You are self-excluded until {{date}} (Manila time). Betting, deposits and promos are closed until then. You can still withdraw and see your history.',
  operator: 'Your account is excluded from betting, deposits and promos. Please contact support.',
  link: 'Responsible Gaming',
};

export const useBreakBannerT = pageTranslator('breakBanner', breakBannerTexts, () =>
  import('./breakBannerTexts.fil.ts').then((module) => module.breakBannerTextsFil),
);
