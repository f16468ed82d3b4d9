import type { Key, ReactNode } from 'react';
import type { ListSortDirection } from '@karera/shared';
import { SelectField } from '../../components/ui/index.ts';
import { useT } from '../i18n/useT.ts';
import type { TableSort } from '../lib/listParams.ts';
import { TABLE_MEDIA, useMediaQuery } from '../lib/useMediaQuery.ts';

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
  /** The list can be sorted by this column (its id is the sort key); the direction a first press gives. */
  sortFirst?: ListSortDirection;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The order the rows are in (done by whoever fetched them: the server for paged lists). */
  sort?: TableSort | undefined;
  onSortChange?: ((sort: TableSort) => void) | undefined;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A table with real headers. Below the desktop breakpoint each row becomes a card whose cells carry
 * their column name; explicit ARIA roles keep the table semantics that display changes would drop.
 * Sortable columns have a button in their header on a wide screen (aria-sort says the order); on a
 * phone, where the header row is hidden, a "Sort by" select above the cards does the same.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSortChange }: DataTableProps<Row>) {
  const t = useT();
  const wide = useMediaQuery(TABLE_MEDIA);
  const sortable = onSortChange ? columns.filter((column) => column.sortFirst) : [];

  function press(column: Column<Row>) {
    if (!onSortChange || !column.sortFirst) return;
    const dir = sort?.key === column.id ? (sort.dir === 'asc' ? 'desc' : 'asc') : column.sortFirst;
    onSortChange({ key: column.id, dir });
  }

  return (
    <>
      {!wide && sortable.length > 0 && onSortChange ? (
        <div className="bo-sort-select">
          <SelectField
            label={t('table.sortBy')}
            value={sort ? `${sort.key}:${sort.dir}` : ''}
            onChange={(event) => {
              const [key, dir] = event.target.value.split(':');
              if (key && (dir === 'asc' || dir === 'desc')) onSortChange({ key, dir });
            }}
            options={sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((dir) => ({
                value: `${column.id}:${dir}`,
                label: t(dir === 'asc' ? 'table.sortAsc' : 'table.sortDesc', { column: column.header }),
              })),
            )}
          />
        </div>
      ) : null}
      {/* Focusable and named: on a narrow desktop the table scrolls sideways, and keyboard users must reach it. */}
      <div className="bo-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="bo-table" role="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => {
                const active = sort?.key === column.id ? sort.dir : undefined;
                const canSort = wide && onSortChange && column.sortFirst;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    role="columnheader"
                    aria-sort={column.sortFirst && onSortChange ? (active ? ARIA_SORT[active] : 'none') : undefined}
                    className={column.numeric ? 'bo-table__numeric' : undefined}
                  >
                    {canSort ? (
                      <button type="button" className="bo-sort" onClick={() => press(column)}>
                        {column.header}
                        <span className="bo-sort__mark" aria-hidden="true">
                          {active === 'asc' ? '▲' : active === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
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
    </>
  );
}
