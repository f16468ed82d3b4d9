/**
 * Texts of the live screen's pools panel (Win odds movement, Forcast probables, Double/Pick
 * will-pays). They load with the live screen (poolsI18n.ts), the Filipino ones in their own chunk.
 */
export const poolsTexts = {
  title: 'Odds, probables and will-pays',
  loading: 'Reading the pools…',
  error: 'The pools could not be read. They will be read again shortly.',
  perPeso: 'Approximate pay per ₱1.00 on the current pools; the final dividend may differ.',
  odds: {
    heading: 'Win odds movement',
    empty: 'No Win bets yet: the odds move once betting starts.',
    chart: 'Runner {{runner}} odds moved from {{from}} to {{to}}',
    now: 'now {{odds}}',
  },
  forecast: {
    heading: 'Forcast probables',
    empty: 'No Forcast bets yet.',
    caption: 'Forcast probables: first place by row, second place by column',
    first: '1st',
    second: '2nd',
    none: 'no bets',
  },
  willPays: {
    heading: 'Will-pays',
    empty: 'Will-pays show here after a leg of a Double or Pick is run.',
    pool: '{{name}} from race {{race}}: leg {{leg}} of {{legs}}',
    after: 'After winners {{winners}}',
    estimate: 'Estimate: later legs are still to run.',
    runner: 'Runner',
    pays: 'Pays',
    noTicket: 'no live ticket',
  },
};
