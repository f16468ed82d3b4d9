/** Texts of the Results page (spec §8), loaded with its chunk (see i18n/pageTexts.ts). */
export const resultsTexts = {
  loading: 'Loading the race card',
  loadingRaces: 'Loading races…',
  loadingResult: 'Loading the race result',
  cardError: 'Cannot load the race card. Please check your connection and try again.',
  noEvents: 'No race days to show yet.',
  noRaces: 'This race day has no races yet.',
  formLabel: 'Choose a race',
  event: 'Race day',
  race: 'Race',
  selectPlaceholder: 'Select race',
  raceNo: 'Race {{raceNo}}',
  raceResulted: 'Race {{raceNo}} · result in',
  view: 'View',
  caption: 'Race {{raceNo}} winners and dividends for 1.00',
  code: 'Code',
  betType: 'Bet Type',
  winner: 'Winner',
  dividend: 'Dividend for 1.00',
  // The spec's texts (§8), word for word; they equal ToteMessages of the shared contract.
  selectRace: 'Select a race to view result',
  noResult: 'No race result available',
  cannotGetResult: 'Cannot get race result',
  // Shown in the Dividend column of a line without a dividend; they equal ToteMessages' reasons.
  reasons: {
    refunded: 'Refunded',
    noWinningTicket: 'No winning ticket',
    carriedOver: 'No winning ticket: carried over',
    noBets: 'No bets',
    settling: 'Settling',
  },
  carryovers: 'Carryovers',
  carryover: 'Carryover {{type}} {{amount}}',
};

export type ResultsTexts = typeof resultsTexts;
