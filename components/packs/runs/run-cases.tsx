"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import styles from "@/components/console/console.module.css";
import { SelectField } from "@/components/console/fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  CASE_STATUSES,
  packRunCaseView,
  type CaseStatus,
  type PackRunCaseView,
} from "@/lib/contracts/pack-runs";
import { consoleJson, errorText } from "./api";
import { CaseDetail } from "./case-detail";
import { score } from "./format";
import runStyles from "./runs.module.css";
import { StatusBadge } from "./status-badge";

const PAGE = 20;

type Page = { data: PackRunCaseView[]; total: number };

/** A run's cases, a page at a time from the console API, filtered by status and model; each expands to its details. */
export function RunCases({
  workspace,
  runId,
  models,
}: {
  workspace: string;
  runId: string;
  models: string[];
}) {
  const t = useTranslations("consolePages.packRuns");
  const [status, setStatus] = useState<CaseStatus | "">("");
  const [model, setModel] = useState("");
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
    if (status) query.set("status", status);
    if (model) query.set("model", model);
    setLoading(true);
    consoleJson(`/console/api/pack-runs/${encodeURIComponent(runId)}/cases?${query}`, workspace, {
      signal: controller.signal,
    })
      .then((body) => {
        const raw = body as { data: unknown[]; total: number };
        setPage({ data: raw.data.map((c) => packRunCaseView.parse(c)), total: raw.total });
        setError(null);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(errorText(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [workspace, runId, status, model, offset]);

  const total = page?.total ?? 0;
  return (
    <div className="stack" aria-busy={loading || undefined}>
      <div className={styles.filters}>
        <SelectField
          id="cases-status"
          label={t("filterStatus")}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as CaseStatus | "");
            setOffset(0);
          }}
          options={[
            { value: "", label: t("filterAll") },
            ...CASE_STATUSES.map((s) => ({ value: s, label: t(`caseStatus.${s}`) })),
          ]}
        />
        {models.length > 1 ? (
          <SelectField
            id="cases-model"
            label={t("filterModel")}
            value={model}
            onChange={(e) => {
              setModel(e.currentTarget.value);
              setOffset(0);
            }}
            options={[{ value: "", label: t("filterAll") }, ...models.map((m) => ({ value: m, label: m }))]}
          />
        ) : null}
      </div>
      {loading ? (
        <p className={runStyles.loading} role="status">
          <Spinner /> {t("casesLoading")}
        </p>
      ) : null}
      {error ? <Alert tone="error">{t("casesFailed", { reason: error })}</Alert> : null}
      {page && page.data.length === 0 && !loading ? <p>{t("casesEmpty")}</p> : null}
      {page && page.data.length > 0 ? (
        <>
          <p className="muted" data-testid="cases-range">
            {t("casesRange", { from: offset + 1, to: offset + page.data.length, total })}
          </p>
          <ul className={runStyles.caseList} data-testid="run-cases">
            {page.data.map((c) => (
              <li key={`${c.ordinal}`}>
                <details className={styles.details} data-testid="run-case" data-status={c.status}>
                  <summary>
                    <span className={runStyles.caseSummary}>
                      <StatusBadge status={c.status} kind="case" />
                      <span>{t("caseSummary", { set: c.input_set, key: c.case_key })}</span>
                      {c.kind === "security" ? <span className="muted">{t("security_kind")}</span> : null}
                      {models.length > 1 ? <code>{c.model}</code> : null}
                      {c.overall !== null ? (
                        <span className="muted">{t("overall", { score: score(c.overall) })}</span>
                      ) : null}
                    </span>
                  </summary>
                  <div>
                    <CaseDetail c={c} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <Button
              variant="secondary"
              size="sm"
              disabled={offset === 0 || loading}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              {t("previous")}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={offset + PAGE >= total || loading}
              onClick={() => setOffset(offset + PAGE)}
            >
              {t("next")}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
