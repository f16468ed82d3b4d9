/** Texts of the Followed page (/blackbook). */
export const blackbookTexts = {
  intro:
    'Horses, jockeys and trainers you follow, with your notes. Follow a horse from its runner row on the race screen.',
  loading: 'Loading your blackbook',
  error: 'Could not load your blackbook. Please check your connection and try again.',
  retry: 'Try again',
  todayTitle: 'Followed today',
  todayEmpty: 'None of the horses, jockeys or trainers you follow runs today.',
  listTitle: 'Your blackbook',
  listEmpty: 'You follow nobody yet. On the race screen, press Follow beside a horse.',
  kind: {
    horse: 'Horse',
    jockey: 'Jockey',
    trainer: 'Trainer',
  },
  race: 'Race {{raceNo}} · {{event}}',
  postTime: 'Post time {{time}}',
  runner: '{{runnerNo}} {{horse}}',
  jockeyLine: 'Jockey {{jockey}}',
  trainerLine: 'Trainer {{trainer}}',
  followedFor: 'Followed: {{what}}',
  status: {
    A: 'Betting opens soon',
    O: 'Betting open',
    L: 'Last call',
    C: 'Betting closed',
    D: 'Finished',
    X: 'Cancelled',
  },
  scratched: 'Scratched',
  bet: 'Bet on race {{raceNo}}',
  replay: 'Replay race {{raceNo}}',
  note: 'Note on {{name}}',
  notePlaceholder: 'Your note',
  noteHelp: 'Up to {{max}} characters.',
  saveNote: 'Save note',
  noteSaved: 'Note saved.',
  unfollow: 'Unfollow {{name}}',
  unfollowed: '{{name}} removed from your blackbook.',
  failed: 'Could not change your blackbook. Please try again.',
} as const;

export type BlackbookTexts = typeof blackbookTexts;
