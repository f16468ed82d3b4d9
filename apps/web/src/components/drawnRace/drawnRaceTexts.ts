/** Texts of the drawn race in the stream area (a demo race without a stream). */
export const drawnRaceTexts = {
  label: 'Race {{raceNo}} drawn: the runners from the start to the finish',
  badge: 'Drawn race',
  running: 'Race {{raceNo}} · Running',
  finished: 'Race {{raceNo}} · Awaiting the official result',
  result: 'Race {{raceNo}} · Official result',
  leader: 'Leader: {{runner}}',
  runner: '{{runnerNo}} {{horse}}',
  finishOrder: 'Race {{raceNo}} finish: {{order}}',
  officialOrder: 'Race {{raceNo}} official result: {{order}}',
  place: '{{place}}. {{runner}}',
  resultList: 'Official result of race {{raceNo}}',
} as const;
