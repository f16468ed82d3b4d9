import { describe, expect, it } from 'vitest';
import { reportCsv, type CsvColumn } from './reportCsv.ts';

interface Row {
  name: string;
  amount: number;
  count: number;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Channel', value: (row) => row.name },
  { header: 'Requests', value: (row) => row.count },
  { header: 'Amount (PHP)', value: (row) => ({ centavos: row.amount }) },
];

describe('report CSV', () => {
  it('writes a header, the rows and a totals row, amounts in pesos, CRLF lines, a byte order mark', () => {
    const csv = reportCsv(columns, [{ name: 'GCASH', amount: 123_456, count: 2 }], {
      name: 'Totals',
      amount: -5,
      count: 2,
    });
    expect(csv).toBe('\uFEFFChannel,Requests,Amount (PHP)\r\nGCASH,2,1234.56\r\nTotals,2,-0.05\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    const csv = reportCsv(columns, [{ name: '=HYPERLINK("x"),a', amount: 0, count: 0 }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x""),a",0,0.00`);
  });
});
