/** Texts of the replay page (/replay/:raceId). */
export const replayTexts = {
  title: 'Replay: race {{raceNo}}',
  subtitle: '{{event}} · {{date}}',
  loading: 'Loading the replay',
  notFound: 'This race has no replay.',
  error: 'Could not load the replay. Please check your connection and try again.',
  retry: 'Try again',
  controls: 'Replay controls',
  pause: 'Pause',
  play: 'Play',
  restart: 'Restart',
  speed: 'Speed',
  speedValue: '{{speed}}x',
  elapsed: 'Time {{elapsed}} of {{total}}',
  video: 'Replay video of race {{raceNo}}, {{event}}',
  videoTitle: 'Replay video',
  drawnTitle: 'Drawn replay',
  results: 'Results of this race',
  card: 'Race card',
} as const;

export type ReplayTexts = typeof replayTexts;
