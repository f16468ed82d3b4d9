import { pageTranslator } from '../../i18n/pageTexts.ts';
import { notificationTexts } from './notificationTexts.ts';

/* The notification texts travel with the bell's chunk, the Filipino ones in a chunk of their own (pageTexts.ts). */
export const useNotificationT = pageTranslator('notifications', notificationTexts, () =>
  import('./notificationTexts.fil.ts').then((module) => module.notificationTextsFil),
);
