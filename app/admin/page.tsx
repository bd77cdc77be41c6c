import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AdminSection, AdminTable } from "@/components/moderation/admin-table";
import styles from "@/components/moderation/moderation.module.css";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { getViewer } from "@/lib/auth/viewer";
import { LISTING_ACTIONS, LISTING_STATES, type ListingAction, type ListingKind, type ListingState } from "@/lib/contracts/moderation";
import { env } from "@/lib/env";
import {
  isInstanceAdmin,
  listAdmins,
  listAudit,
  listListings,
  listReports,
  listWorkspaceListings,
} from "@/lib/services/moderation";
import { listingAction, resolveReportAction, setAdminAction, workspaceApprovalAction } from "./actions";

// The instance administrators' page: workspaces waiting for approval, listings (feature, hide,
// remove, restore), the open reports, the administrators and the audit log. Plain forms posting
// to server actions (./actions.ts), which call the services the admin API calls. Anyone else
// gets this site's 404: the page does not tell them it exists.

export const metadata: Metadata = { title: "Administration" };

const PAGE = 50;
const publicHref: Record<ListingKind, string> = {
  challenge: "/challenges",
  collection: "/challenge-collections",
  red_blue: "/red-blue",
};
const ACTIONS = Object.keys(LISTING_ACTIONS) as ListingAction[];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Reason({ label }: { label: string }) {
  return <input type="text" name="reason" aria-label={label} placeholder={label} maxLength={500} />;
}

export default async function AdminPage({ searchParams }: Props) {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/admin");
  if (!(await isInstanceAdmin(viewer.id))) notFound();
  const params = await searchParams;
  const stateParam = typeof params.state === "string" ? params.state : undefined;
  const state = (LISTING_STATES as readonly string[]).includes(stateParam ?? "") ? (stateParam as ListingState) : undefined;
  const [t, workspaces, listings, reports, admins, audit] = await Promise.all([
    getTranslations("moderation.admin"),
    listWorkspaceListings({ limit: PAGE, offset: 0 }),
    listListings({ limit: PAGE, offset: 0, ...(state ? { state } : {}) }),
    listReports({ status: "open", limit: PAGE, offset: 0 }),
    listAdmins(),
    listAudit({ limit: PAGE, offset: 0 }),
  ]);
  const error = typeof params.error === "string" ? params.error : null;

  return (
    <div className="stack-lg" data-testid="admin-page">
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="muted">{t("approvalMode", { mode: env.LISTING_APPROVAL })}</p>
      </div>
      {error ? <Alert tone="error">{t("failed", { message: error })}</Alert> : params.done ? <Alert tone="success">{t("done")}</Alert> : null}

      <AdminSection id="workspaces" heading={t("workspaces.heading")}>
        <AdminTable
          testId="admin-workspaces"
          empty={t("workspaces.empty")}
          headers={[t("workspaces.name"), t("workspaces.approval"), t("workspaces.listings"), t("workspaces.reports"), ""]}
          rows={workspaces.data}
          row={(w) => (
            <tr key={w.id} data-testid="admin-workspace-row" data-workspace={w.slug}>
              <td>
                {w.name} <span className="muted">({w.slug})</span>
              </td>
              <td>
                <Badge>{t(`workspaces.${w.listing_approval}`)}</Badge>
              </td>
              <td>{w.listings}</td>
              <td>{w.open_reports}</td>
              <td>
                <form action={workspaceApprovalAction} className={styles.inline}>
                  <input type="hidden" name="id" value={w.id} />
                  <input type="hidden" name="section" value="workspaces" />
                  <Reason label={t("reason")} />
                  {w.listing_approval === "approved" ? (
                    <button type="submit" name="action" value="unapprove" className={styles.button}>
                      {t("workspaces.unapprove")}
                    </button>
                  ) : (
                    <button type="submit" name="action" value="approve" className={styles.button}>
                      {t("workspaces.approve")}
                    </button>
                  )}
                </form>
              </td>
            </tr>
          )}
        />
      </AdminSection>

      <AdminSection id="reports" heading={t("reports.heading")}>
        <AdminTable
          testId="admin-reports"
          empty={t("reports.empty")}
          headers={[t("reports.target"), t("reports.reason"), t("reports.reporter"), ""]}
          rows={reports.data}
          row={(r) => (
            <tr key={r.id} data-testid="admin-report-row">
              <td>
                {r.target_name ? (
                  <Link href={`${publicHref[r.target_type]}/${r.target_id}`}>{r.target_name}</Link>
                ) : (
                  t("reports.deleted")
                )}{" "}
                <span className="muted">({r.workspace.slug})</span>
              </td>
              <td>
                {r.reason}
                {r.details ? <p className="muted">{r.details}</p> : null}
              </td>
              <td>{r.reporter.email}</td>
              <td>
                <form action={resolveReportAction} className={styles.inline}>
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="section" value="reports" />
                  <input type="text" name="resolution" aria-label={t("reason")} placeholder={t("reason")} maxLength={500} />
                  <button type="submit" name="status" value="resolved" className={styles.button}>
                    {t("reports.resolve")}
                  </button>
                  <button type="submit" name="status" value="dismissed" className={styles.button}>
                    {t("reports.dismiss")}
                  </button>
                </form>
              </td>
            </tr>
          )}
        />
      </AdminSection>

      <AdminSection id="listings" heading={t("listings.heading")}>
        <p className={styles.inline}>
          <Link href="/admin#listings">{t("listings.state")}: *</Link>
          {LISTING_STATES.map((s) => (
            <Link key={s} href={`/admin?state=${s}#listings`}>
              {t(`listings.states.${s}`)}
            </Link>
          ))}
        </p>
        <AdminTable
          testId="admin-listings"
          empty={t("listings.empty")}
          headers={[t("listings.name"), t("listings.kind"), t("listings.state"), ""]}
          rows={listings.data}
          row={(l) => (
            <tr key={`${l.kind}:${l.id}`} data-testid="admin-listing-row" data-listing={l.id}>
              <td>
                <Link href={`${publicHref[l.kind]}/${l.id}`}>{l.name}</Link>{" "}
                <span className="muted">({l.workspace.slug})</span>
              </td>
              <td>{t(`listings.kinds.${l.kind}`)}</td>
              <td>
                {t(`listings.states.${l.state}`)} · {l.listed ? t("listings.listed") : t("listings.notListed")}
              </td>
              <td>
                <form action={listingAction} className={styles.inline}>
                  <input type="hidden" name="kind" value={l.kind} />
                  <input type="hidden" name="id" value={l.id} />
                  <input type="hidden" name="section" value="listings" />
                  <Reason label={t("reason")} />
                  {ACTIONS.filter((a) => LISTING_ACTIONS[a] !== l.state).map((a) => (
                    <button key={a} type="submit" name="action" value={a} className={styles.button}>
                      {t(`listings.actions.${a}`)}
                    </button>
                  ))}
                </form>
              </td>
            </tr>
          )}
        />
      </AdminSection>

      <AdminSection id="admins" heading={t("admins.heading")}>
        <ul>
          {admins.map((a) => (
            <li key={a.id}>
              {a.email} <span className="muted">({t(`admins.${a.source}`)})</span>
            </li>
          ))}
        </ul>
        <form action={setAdminAction} className={styles.inline}>
          <input type="hidden" name="section" value="admins" />
          <input type="email" name="email" required aria-label={t("admins.email")} placeholder={t("admins.email")} maxLength={254} />
          <Reason label={t("reason")} />
          <button type="submit" name="admin" value="true" className={styles.button}>
            {t("admins.grant")}
          </button>
          <button type="submit" name="admin" value="false" className={styles.button}>
            {t("admins.revoke")}
          </button>
        </form>
      </AdminSection>

      <AdminSection id="audit" heading={t("audit.heading")}>
        <AdminTable
          testId="admin-audit"
          empty={t("audit.empty")}
          headers={[t("audit.when"), t("audit.who"), t("audit.what"), t("audit.target"), t("audit.reason")]}
          rows={audit.data}
          row={(e) => (
            <tr key={e.id} data-testid="admin-audit-row">
              <td>
                <time dateTime={e.created_at}>{e.created_at.replace("T", " ").slice(0, 19)}</time>
              </td>
              <td>{e.actor.email}</td>
              <td>{e.action}</td>
              <td>
                {e.target_name ?? e.target_id} <span className="muted">({e.target_type})</span>
              </td>
              <td>{e.reason ?? ""}</td>
            </tr>
          )}
        />
      </AdminSection>
    </div>
  );
}
