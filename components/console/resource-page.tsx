import type { ComponentProps, ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { ConfirmAction } from "./confirm-action";
import styles from "./console.module.css";

/** The one destructive action a row offers to managers (remove, delete, revoke). */
export type ResourceRowAction<T> = {
  action: ComponentProps<typeof ConfirmAction>["action"];
  workspace: string;
  /** The column header; the button's label when not given. */
  header?: string;
  label: string;
  confirmLabel: string;
  question: (row: T) => string;
  /** A row it does not apply to shows `otherwise` (nothing by default). */
  applies?: (row: T) => boolean;
  otherwise?: ReactNode;
};

/**
 * A console list page: header, the create form for managers (a note for everyone else), then the
 * table or its empty state. Each row's cells come from `cells`; the action column from `rowAction`.
 */
export function ResourcePage<T extends { id: string }>({
  title,
  lead,
  createTitle,
  createForm,
  manager,
  managersOnly,
  rows,
  empty,
  tableTestId,
  columns,
  rowTestId,
  cells,
  rowAction,
}: {
  title: string;
  lead: string;
  createTitle: string;
  createForm: ReactNode;
  manager: boolean;
  managersOnly: string;
  rows: T[];
  /** Without it an empty list still shows the table (members always include the owner). */
  empty?: { title: string; description: string };
  tableTestId: string;
  columns: string[];
  rowTestId?: (row: T) => string;
  cells: (row: T) => ReactNode;
  rowAction: ResourceRowAction<T>;
}) {
  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
      {manager ? (
        <Card title={createTitle} className={styles.section}>
          {createForm}
        </Card>
      ) : (
        <Alert tone="info" className={styles.section}>
          {managersOnly}
        </Alert>
      )}
      {empty && rows.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={empty.title} description={empty.description} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid={tableTestId}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                {manager ? <th scope="col">{rowAction.header ?? rowAction.label}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={rowTestId?.(row)}>
                  {cells(row)}
                  {manager ? <td>{actionFor(row, rowAction)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function actionFor<T extends { id: string }>(row: T, a: ResourceRowAction<T>): ReactNode {
  if (a.applies && !a.applies(row)) return a.otherwise ?? null;
  return (
    <ConfirmAction
      action={a.action}
      hidden={{ workspace: a.workspace, id: row.id }}
      label={a.label}
      question={a.question(row)}
      confirmLabel={a.confirmLabel}
    />
  );
}
