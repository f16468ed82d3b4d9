import type { Translation } from '../../../i18n/types.ts';
import type { poolsTexts } from './poolsTexts.ts';

/** The pools panel in Filipino: every key of poolsTexts, loaded only when Filipino is the language. */
export const poolsTextsFil = {
  title: 'Odds, probables at will-pays',
  loading: 'Binabasa ang pools…',
  error: 'Hindi mabasa ang pools. Babasahin ulit maya-maya.',
  perPeso: 'Tantiyang bayad kada ₱1.00 sa kasalukuyang pools; puwedeng iba ang huling dibidendo.',
  odds: {
    heading: 'Galaw ng Win odds',
    empty: 'Wala pang taya sa Win: gagalaw ang odds pag nagsimula na ang taya.',
    chart: 'Ang odds ng kabayo {{runner}} ay mula {{from}} naging {{to}}',
    now: 'ngayon {{odds}}',
  },
  forecast: {
    heading: 'Forcast probables',
    empty: 'Wala pang taya sa Forcast.',
    caption: 'Forcast probables: unang puwesto sa hilera, ikalawang puwesto sa hanay',
    first: '1st',
    second: '2nd',
    none: 'walang taya',
  },
  willPays: {
    heading: 'Will-pays',
    empty: 'Lalabas dito ang will-pays pagkatapos tumakbo ang isang leg ng Double o Pick.',
    pool: '{{name}} mula karera {{race}}: leg {{leg}} ng {{legs}}',
    after: 'Pagkatapos manalo ang {{winners}}',
    estimate: 'Tantiya lang: may mga leg pang tatakbo.',
    runner: 'Kabayo',
    pays: 'Bayad',
    noTicket: 'walang buhay na tiket',
  },
} satisfies Translation<typeof poolsTexts>;
