"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { GraphIssue } from "@/lib/workflow/types";
import styles from "./builder.module.css";

/** validateGraph's issues (the client's, or the server's after a refused save); a node's issue focuses it. */
export function IssuesList({
  issues,
  warnings = [],
  fromServer,
  serverMessage,
  onFocus,
}: {
  issues: readonly GraphIssue[];
  /** graphWarnings(): shown, but they block nothing. */
  warnings?: readonly GraphIssue[];
  fromServer: boolean;
  serverMessage?: string | undefined;
  onFocus: (nodeId: string) => void;
}) {
  const t = useTranslations("builder");
  const id = useId();
  return (
    <section
      className={styles.issues}
      aria-labelledby={id}
      data-testid="issues-list"
      data-source={fromServer ? "server" : "client"}
    >
      <h2 id={id}>{t("issues.title", { count: issues.length })}</h2>
      {fromServer ? <p className={styles.fieldHint}>{serverMessage ?? t("issues.fromServer")}</p> : null}
      {issues.length === 0 ? (
        <p className={styles.fieldHint}>{t("issues.none")}</p>
      ) : (
        <ul>
          {issues.map((issue, i) => (
            <li key={i} data-testid="issue" data-node-id={issue.nodeId ?? ""}>
              {issue.nodeId ? (
                <button type="button" className={styles.linkButton} onClick={() => onFocus(issue.nodeId!)}>
                  <code>{issue.nodeId}</code>
                </button>
              ) : (
                <span className={styles.issueScope}>{t("issues.graph")}</span>
              )}{" "}
              <span data-testid="issue-message">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {warnings.length > 0 ? (
        <div className={styles.warnings} data-testid="warnings-list">
          {/* Not a heading: the issues count stays the section's only heading. */}
          <p className={styles.warningsTitle}>{t("issues.warningsTitle", { count: warnings.length })}</p>
          <ul>
            {warnings.map((w, i) => (
              <li key={i} data-testid="warning" data-node-id={w.nodeId ?? ""}>
                {w.nodeId ? (
                  <button type="button" className={styles.linkButton} onClick={() => onFocus(w.nodeId!)}>
                    <code>{w.nodeId}</code>
                  </button>
                ) : (
                  <span className={styles.issueScope}>{t("issues.graph")}</span>
                )}{" "}
                <span data-testid="warning-message">{w.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
