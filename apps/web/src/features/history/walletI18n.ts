import { pageTranslator } from '../../i18n/pageTexts.ts';
import { walletTexts } from './walletTexts.ts';

/* The Wallet tab's texts travel with its chunk, the Filipino ones in a chunk of their own (see pageTexts.ts). */
export const useWalletT = pageTranslator('wallet', walletTexts, () =>
  import('./walletTexts.fil.ts').then((module) => module.walletTextsFil),
);
