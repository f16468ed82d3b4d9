import type { Key, ReactNode } from 'react';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures (money, ids). */
  numeric?: boolean;
  /** This column names the row (a th scope=row). */
  rowHeader?: boolean;
  /** Keep on one line in the desktop table (dates, addresses, codes). */
  nowrap?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

/**
 * A table with real headers. Below the desktop breakpoint each row becomes a card whose cells carry
 * their column name; explicit ARIA roles keep the table semantics that display changes would drop.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    // Focusable and named: on a narrow desktop the table scrolls sideways, and keyboard users must reach it.
    <div className="bo-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bo-table" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                role="columnheader"
                className={column.numeric ? 'bo-table__numeric' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => {
                const className =
                  [column.numeric ? 'bo-table__numeric' : '', column.nowrap ? 'bo-table__nowrap' : '']
                    .filter(Boolean)
                    .join(' ') || undefined;
                return column.rowHeader ? (
                  <th key={column.id} scope="row" role="rowheader" data-label={column.header} className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} role="cell" data-label={column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
