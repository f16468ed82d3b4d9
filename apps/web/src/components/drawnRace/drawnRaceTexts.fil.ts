import type { Translation } from '../../i18n/types.ts';
import type { drawnRaceTexts } from './drawnRaceTexts.ts';

export const drawnRaceTextsFil = {
  label: 'Guhit ng Karera {{raceNo}}: ang mga kabayo mula sa simula hanggang sa finish',
  badge: 'Guhit na karera',
  running: 'Karera {{raceNo}} · Tumatakbo',
  finished: 'Karera {{raceNo}} · Hinihintay ang opisyal na resulta',
  result: 'Karera {{raceNo}} · Opisyal na resulta',
  leader: 'Nangunguna: {{runner}}',
  runner: '{{runnerNo}} {{horse}}',
  finishOrder: 'Pagdating sa Karera {{raceNo}}: {{order}}',
  officialOrder: 'Opisyal na resulta ng Karera {{raceNo}}: {{order}}',
  place: '{{place}}. {{runner}}',
  resultList: 'Opisyal na resulta ng Karera {{raceNo}}',
} satisfies Translation<typeof drawnRaceTexts>;
