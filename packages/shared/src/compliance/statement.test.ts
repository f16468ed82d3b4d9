import { describe, expect, it } from 'vitest';
import {
  csvCell,
  lineDescription,
  manilaMonthOf,
  manilaMonthRange,
  monthsBetween,
  STATEMENT_FILE_TEXTS,
  statementCsv,
  statementFileUrl,
} from './statement.ts';

describe('Manila months', () => {
  it('puts an instant in the month of its Manila date (UTC+8)', () => {
    expect(manilaMonthOf('2026-11-30T15:59:59.999Z')).toBe('2026-11');
    expect(manilaMonthOf('2026-11-30T16:00:00.000Z')).toBe('2026-12');
    expect(manilaMonthOf('2026-12-31T16:00:00.000Z')).toBe('2027-01');
  });
  it('starts a month at 16:00 UTC of the day before its first, and ends where the next begins', () => {
    expect(manilaMonthRange('2026-12')).toEqual({ from: '2026-11-30T16:00:00.000Z', to: '2026-12-31T16:00:00.000Z' });
    expect(manilaMonthRange('2027-02')).toEqual({ from: '2027-01-31T16:00:00.000Z', to: '2027-02-28T16:00:00.000Z' });
    expect(() => manilaMonthRange('2026-13')).toThrow(RangeError);
  });
  it('lists the months from the newest back, across a new year', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(monthsBetween('2026-11', '2026-11')).toEqual(['2026-11']);
  });
  it('addresses the files of a month', () => {
    expect(statementFileUrl('2026-11', 'pdf')).toBe('/api/statement/2026-11/pdf');
  });
});

describe('statement CSV', () => {
  it('quotes by RFC 4180 and keeps formulas as text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+63 917')).toBe("'+63 917");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('-1e5')).toBe("'-1e5");
    // Amounts stay numbers, negative ones too.
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('0.00')).toBe('0.00');
  });

  it('writes a row per transaction, then the balances and totals, with CRLF line ends', () => {
    const csv = statementCsv(
      {
        openingBalance: 1_000,
        closingBalance: 500,
        totals: {
          deposits: 0,
          withdrawals: 0,
          stakes: -500,
          winnings: 0,
          refunds: 0,
          bonuses: 0,
          adjustments: 0,
          other: 0,
          netResult: -500,
        },
        lines: [
          {
            transactionId: 7,
            dateTime: '2026-11-26T01:00:00.000Z',
            category: 'stake',
            description: '=1+1, "Win"',
            amount: -500,
            balanceAfter: 500,
          },
        ],
      },
      STATEMENT_FILE_TEXTS.en,
      (iso) => iso.slice(0, 10),
    );
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('Date (Manila),Type,Description,Amount (PHP),Balance (PHP),Transaction');
    expect(rows[1]).toBe(`2026-11-26,Bet,"'=1+1, ""Win""",-5.00,5.00,7`);
    expect(rows[2]).toBe('');
    expect(rows[3]).toBe('Opening balance,,,10.00,,');
    expect(rows).toContain('Bets (stakes),,,-5.00,,');
    expect(rows).toContain('Net result of betting,,,-5.00,,');
    expect(rows.at(-2)).toBe('Closing balance,,,5.00,,');
    expect(rows.at(-1)).toBe('');
  });

  it('has the same words in Filipino as in English', () => {
    const keys = (value: object): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null && !Array.isArray(inner)
          ? keys(inner).map((k) => `${key}.${k}`)
          : [key],
      );
    expect(keys(STATEMENT_FILE_TEXTS.fil)).toEqual(keys(STATEMENT_FILE_TEXTS.en));
  });

  it('describes a line of a bet by its type name, race and race day in the file language, others as written', () => {
    const totals = {
      deposits: 0,
      withdrawals: 0,
      stakes: 0,
      winnings: 800,
      refunds: 0,
      bonuses: 0,
      adjustments: 0,
      other: 0,
      netResult: 800,
    };
    const line = {
      transactionId: 9,
      dateTime: '2026-11-26T01:00:00.000Z',
      category: 'winnings' as const,
      description: 'Winnings PICK4',
      amount: 800,
      balanceAfter: 800,
      bet: {
        ticketNo: 'ABCD2345EFGH',
        betType: 'PICK4',
        raceNo: '1/2/3/4',
        eventName: 'Santa Ana Day 1',
        consolation: true,
        refundReason: null,
      },
    };
    const csv = (language: 'en' | 'fil') =>
      statementCsv(
        { openingBalance: 0, closingBalance: 800, totals, lines: [line] },
        STATEMENT_FILE_TEXTS[language],
        (iso) => iso.slice(0, 10),
      );
    expect(csv('en')).toContain('Consolation · Pick4 · Races 1/2/3/4 · Santa Ana Day 1 · Ticket ABCD2345EFGH');
    expect(csv('en')).not.toContain('Winnings PICK4');
    expect(csv('fil')).toContain('Konsolasyon · Pick4 · Mga Karera 1/2/3/4');
    expect(lineDescription({ ...line, bet: undefined }, 'en')).toBe('Winnings PICK4');
  });
});
