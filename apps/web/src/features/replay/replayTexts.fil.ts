import type { Translation } from '../../i18n/types.ts';
import type { replayTexts } from './replayTexts.ts';

/** Filipino texts of the replay page (English in replayTexts.ts). */
export const replayTextsFil = {
  title: 'Replay: karera {{raceNo}}',
  subtitle: '{{event}} · {{date}}',
  loading: 'Nilo-load ang replay',
  notFound: 'Walang replay ang karerang ito.',
  error: 'Hindi ma-load ang replay. Pakitingnan ang koneksyon mo at subukan ulit.',
  retry: 'Subukan ulit',
  controls: 'Mga kontrol ng replay',
  pause: 'I-pause',
  play: 'I-play',
  restart: 'Ulitin mula simula',
  speed: 'Bilis',
  speedValue: '{{speed}}x',
  elapsed: 'Oras {{elapsed}} sa {{total}}',
  video: 'Video ng replay ng karera {{raceNo}}, {{event}}',
  videoTitle: 'Video ng replay',
  drawnTitle: 'Guhit na replay',
  results: 'Mga resulta ng karerang ito',
  card: 'Race card',
} satisfies Translation<typeof replayTexts>;
