import type { ReactNode } from "react";
import consoleStyles from "@/components/console/console.module.css";

/** One part of the administrators' page: a section whose heading names it (`admin-<id>`). */
export function AdminSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`admin-${id}`} className="stack">
      <h2 id={`admin-${id}`}>{heading}</h2>
      {children}
    </section>
  );
}

/** A list of the administrators' page as a table (console look), or a line when it is empty. */
export function AdminTable<T>({
  testId,
  empty,
  headers,
  rows,
  row,
}: {
  testId: string;
  empty: string;
  /** Column headers; "" for the unnamed actions column. */
  headers: string[];
  rows: T[];
  row: (item: T) => ReactNode;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className={consoleStyles.tableWrap}>
      <table className={consoleStyles.table} data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
