import { csvAmount, csvCell } from '@karera/shared';

/** A CSV column: its header and the cell of a row, either an amount in centavos or text. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => { centavos: number } | string | number;
}

/**
 * A report table as CSV (RFC 4180, CRLF lines, a byte order mark so spreadsheets read UTF-8). Cells go
 * through the activity statement's formula-safe {@link csvCell}; amounts are pesos with two decimals.
 */
export function reportCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], totals?: Row): string {
  const line = (row: Row) =>
    columns
      .map((column) => {
        const value = column.value(row);
        return csvCell(typeof value === 'object' ? csvAmount(value.centavos) : String(value));
      })
      .join(',');
  const lines = [columns.map((column) => csvCell(column.header)).join(','), ...rows.map(line)];
  if (totals) lines.push(line(totals));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

/** Saves text as a file through a temporary link (no server round trip: the figures are on the page). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
