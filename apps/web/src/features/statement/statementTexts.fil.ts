import type { Translation } from '../../i18n/types.ts';
import type { statementTexts } from './statementTexts.ts';

/** The Activity Statement page in Filipino: every key of statementTexts, loaded only in Filipino. */
export const statementTextsFil = {
  intro:
    'Ang wallet mo kada buwan: pera na pumasok at lumabas, mga taya mo at ang naibalik nila, mula sa parehong record ng balanse mo. Oras ng Manila ang sinusunod ng mga buwan.',
  month: 'Buwan',
  monthsLoading: 'Nilo-load ang mga buwan mo',
  monthsError: 'Hindi namin ma-load ang mga buwan ng statement mo.',
  loading: 'Nilo-load ang statement mo',
  error: 'Hindi namin ma-load ang statement na ito.',
  retry: 'Subukan ulit',
  summary: 'Buod ng {{month}}',
  opening: 'Balanse sa simula',
  closing: 'Balanse sa dulo',
  totals: {
    deposits: 'Mga deposit',
    withdrawals: 'Mga withdraw',
    stakes: 'Mga taya',
    winnings: 'Mga panalo',
    refunds: 'Mga refund',
    bonuses: 'Mga bonus at rebate',
    adjustments: 'Mga adjustment',
    other: 'Iba pa',
    netResult: 'Netong resulta ng pagtaya',
  },
  downloadCsv: 'I-download ang CSV',
  downloadPdf: 'I-download ang PDF',
  downloadOf: 'ng {{month}}',
  taxCertificate: 'Sertipiko ng buwis na kinaltas {{year}} (PDF)',
  lines: 'Mga transaksyon',
  linesLabel: 'Mga transaksyon sa {{month}}, pinakabago muna',
  empty: 'Walang transaksyon ngayong buwan.',
  partial: 'Ipinapakita ang pinakabagong {{shown}} sa {{count}} na transaksyon. Nasa CSV at PDF ang lahat ng ito.',
  balanceAfter: 'Balanse {{amount}}',
  category: {
    deposit: 'Deposit',
    withdrawal: 'Withdraw',
    stake: 'Taya',
    winnings: 'Panalo',
    refund: 'Refund',
    bonus: 'Bonus o rebate',
    adjustment: 'Adjustment',
    other: 'Iba pa',
  },
} satisfies Translation<typeof statementTexts>;
