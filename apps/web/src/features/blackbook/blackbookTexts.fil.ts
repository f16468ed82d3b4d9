import type { Translation } from '../../i18n/types.ts';
import type { blackbookTexts } from './blackbookTexts.ts';

/** Filipino texts of the Followed page (English in blackbookTexts.ts). */
export const blackbookTextsFil = {
  intro:
    'Mga kabayo, hinete at trainer na sinusundan mo, kasama ang mga tala mo. Sundan ang kabayo mula sa hilera nito sa screen ng karera.',
  loading: 'Nilo-load ang blackbook mo',
  error: 'Hindi ma-load ang blackbook mo. Pakitingnan ang koneksyon mo at subukan ulit.',
  retry: 'Subukan ulit',
  todayTitle: 'Tatakbo ngayon',
  todayEmpty: 'Walang tatakbo ngayon sa mga kabayo, hinete o trainer na sinusundan mo.',
  listTitle: 'Ang blackbook mo',
  listEmpty: 'Wala ka pang sinusundan. Sa screen ng karera, pindutin ang Sundan sa tabi ng kabayo.',
  kind: {
    horse: 'Kabayo',
    jockey: 'Hinete',
    trainer: 'Trainer',
  },
  race: 'Karera {{raceNo}} · {{event}}',
  postTime: 'Oras ng simula {{time}}',
  runner: '{{runnerNo}} {{horse}}',
  jockeyLine: 'Hinete {{jockey}}',
  trainerLine: 'Trainer {{trainer}}',
  followedFor: 'Sinusundan: {{what}}',
  status: {
    A: 'Magbubukas na ang pustahan',
    O: 'Bukas ang pustahan',
    L: 'Huling tawag',
    C: 'Sarado na ang pustahan',
    D: 'Tapos na',
    X: 'Kinansela',
  },
  scratched: 'Na-scratch',
  bet: 'Tumaya sa karera {{raceNo}}',
  replay: 'Panoorin muli ang karera {{raceNo}}',
  note: 'Tala tungkol kay {{name}}',
  notePlaceholder: 'Ang tala mo',
  noteHelp: 'Hanggang {{max}} na titik.',
  saveNote: 'I-save ang tala',
  noteSaved: 'Na-save ang tala.',
  unfollow: 'Huwag nang sundan si {{name}}',
  unfollowed: 'Inalis si {{name}} sa blackbook mo.',
  failed: 'Hindi mabago ang blackbook mo. Pakisubukan ulit.',
} satisfies Translation<typeof blackbookTexts>;
