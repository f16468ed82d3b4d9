import type { Translation } from '../../i18n/types.ts';
import type { pushPromptTexts } from './pushPromptTexts.ts';

/** The web push offer in Filipino: every key of pushPromptTexts. */
export const pushPromptTextsFil = {
  label: 'Mga notification',
  bet: 'Gusto mo bang maabisuhan kapag nanalo o naibalik ang taya ng tiket mo, kahit sarado ang Karera?',
  follow: 'Gusto mo bang maabisuhan kapag malapit nang tumakbo ang kabayong sinusundan mo, kahit sarado ang Karera?',
  turnOn: 'I-on ang mga notification',
  notNow: 'Hindi muna',
  close: 'Isara',
  subscribed: 'Naka-on na ang mga notification sa browser na ito.',
  denied: 'Naka-block ang mga notification. Maaari mo itong payagan sa settings ng browser mo.',
  failed: 'Hindi ma-on ang mga notification. Subukan ulit mamaya.',
} satisfies Translation<typeof pushPromptTexts>;
