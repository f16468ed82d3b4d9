import type { AndroidTexts } from './androidTexts.ts';

/** Filipino texts of the Android app strip (English in androidTexts.ts). */
export const androidTextsFil: AndroidTexts = {
  label: 'Android app',
  text: 'I-download ang Karera app para sa Android.',
  download: 'I-download ang app',
  dismiss: 'Isara ang download app',
};
