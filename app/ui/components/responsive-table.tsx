import type { HTMLAttributes, Key, ReactNode } from 'react';

export interface TableColumn<Row> {
  /** The column's header, and the label each of its cells carries when the rows stack as cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (`<th scope="row">`): the card's title when the rows stack. */
  rowHeader?: boolean;
  /** An amount: right-aligned in figures of equal width while the table is a table. */
  amount?: boolean;
}

/**
 * Every table of the app. Where its box is wide enough it is a table; in a narrower box (a phone at
 * 320–390 px) each row becomes a card, each cell a line labelled with its column's header, so that
 * an amount or a button is never off-screen (WCAG 1.4.10), with nothing to scroll sideways.
 *
 * The markup stays a plain table (no ARIA roles, which HTML forbids on the rows and cells of a
 * table), so it is valid and screen readers name each cell by its column header; browsers keep those
 * semantics when the rows stack (Chromium and Firefox do). The visible labels (`data-label`, drawn by
 * CSS) are spoken too: where a browser drops the table semantics, they still name each value. The
 * breakpoint is a container query, so the same table stacks in a narrow column on a wide screen too.
 */
export function ResponsiveTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  rowProps,
  className,
}: {
  caption: ReactNode;
  /** For a table whose section heading says the same. */
  captionHidden?: boolean;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: unknown };
  className?: string;
}) {
  return (
    <div className="responsive-table">
      <table className={`responsive-table__table ${className ?? ''}`}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.amount ? 'responsive-table__amount' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={column.amount ? 'responsive-table__amount' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
