import type { Translation } from '../../i18n/types.ts';
import type { followTexts } from './followTexts.ts';

export const followTextsFil = {
  followed: 'Sinusubaybayan',
  followedFor: 'Nasa blackbook mo: {{what}}',
  horse: 'kabayo',
  jockey: 'hinete',
  trainer: 'trainer',
  follow: 'Sundan',
  following: 'Sinusundan',
  followHorse: 'Sundan si {{horse}}',
  followFailed: 'Hindi mabago ang blackbook mo. Pakisubukan ulit.',
} satisfies Translation<typeof followTexts>;
