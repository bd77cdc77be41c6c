import type { ReactNode } from "react";
import styles from "./console.module.css";

/** A column of a DataTable: its header and its cell of a row; a column of numbers is right-aligned. */
export interface Column<R> {
  label: ReactNode;
  num?: boolean;
  cell: (row: R) => ReactNode;
}

/**
 * A table in a scrolling box: one header row, then a row per item, whose `rowHeader` column (the
 * first unless told) heads the row.
 */
export function DataTable<R>({
  rows,
  rowKey,
  columns,
  rowHeader = 0,
  caption,
  testId,
}: {
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  columns: Column<R>[];
  rowHeader?: number;
  /** Read by screen readers only. */
  caption?: string;
  testId?: string;
}) {
  const align = (c: Column<R>) => (c.num ? styles.num : undefined);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={testId}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={align(c)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={rowKey(row, r)}>
              {columns.map((c, i) =>
                i === rowHeader ? (
                  <th key={i} scope="row" className={align(c)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={i} className={align(c)}>
                    {c.cell(row)}
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
