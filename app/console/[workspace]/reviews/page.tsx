import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ReviewDecisionForm } from "@/components/console/review-decision-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { reviewListQuerySchema, type ReviewView } from "@/lib/contracts/verdict-reviews";
import { listVerdictReviews } from "@/lib/services/verdict-reviews";
import { workspaceForPage } from "../context";

type Props = {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("verdictReviews.console");
  return { title: t("title") };
}

// The workspace's review queue: attempts whose verdict a player flagged or the judges contested.
// Open items take a decision (verdict and note); decided ones show who decided, when and why.
export default async function ReviewsPage({ params, searchParams }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const sp = await searchParams;
  const parsed = reviewListQuerySchema.safeParse({
    status: typeof sp.status === "string" ? sp.status : undefined,
  });
  const status = parsed.success ? parsed.data.status : "open";
  const [t, tc] = await Promise.all([
    getTranslations("verdictReviews.console"),
    getTranslations("consolePages.common"),
  ]);
  const list = await listVerdictReviews(workspace.id, { status, limit: 50, offset: 0 });
  const base = `/console/${workspace.slug}/reviews`;

  const item = (r: ReviewView) => (
    <Card key={r.id} title={r.challenge.name} className={styles.section}>
      <div data-testid={`review-${r.id}`} className="stack">
        <p>
          <Badge>{t("source", { source: r.source })}</Badge>{" "}
          {t("playerLine", { player: r.player, date: new Date(r.created_at) })}
        </p>
        <dl>
          <dt>{t("prompt")}</dt>
          <dd>
            <pre className="wrap">{r.prompt ?? tc("none")}</pre>
          </dd>
          <dt>{t("answer")}</dt>
          <dd>
            <pre className="wrap">{r.answer ?? tc("none")}</pre>
          </dd>
          <dt>{t("currentVerdict")}</dt>
          <dd>{t("verdict", { verdict: r.current_verdict })}</dd>
          {r.judge_feedback ? (
            <>
              <dt>{t("feedback")}</dt>
              <dd>{r.judge_feedback}</dd>
            </>
          ) : null}
          {r.flags.length > 0 ? (
            <>
              <dt>{t("flags")}</dt>
              <dd>
                <ul>
                  {r.flags.map((f) => (
                    <li key={f.created_at}>
                      {t("reason", { reason: f.reason })}
                      {f.details ? `: ${f.details}` : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
        {r.decision ? (
          <p data-testid={`review-decision-${r.id}`}>
            {t("decidedLine", {
              decision: r.decision.decision,
              verdict: r.decision.verdict,
              who: r.decision.decided_by ?? tc("none"),
              date: new Date(r.decision.decided_at),
            })}{" "}
            <q>{r.decision.note}</q>
          </p>
        ) : (
          <ReviewDecisionForm workspace={workspace.slug} reviewId={r.id} />
        )}
      </div>
    </Card>
  );

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <nav aria-label={t("filterLabel")} className={styles.statusFilter}>
        <Link href={`${base}?status=open`} aria-current={status === "open" ? "page" : undefined}>
          {t("open")}
        </Link>{" "}
        ·{" "}
        <Link href={`${base}?status=decided`} aria-current={status === "decided" ? "page" : undefined}>
          {t("decided")}
        </Link>
      </nav>
      {list.data.length === 0 ? (
        <EmptyState
          title={t(status === "open" ? "emptyOpen" : "emptyDecided")}
          description={t("emptyDescription")}
        />
      ) : (
        <>
          <p>{t("count", { shown: list.data.length, total: list.total })}</p>
          {list.data.map(item)}
        </>
      )}
    </>
  );
}
