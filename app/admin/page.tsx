import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
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

      <section id="workspaces" aria-labelledby="admin-workspaces" className="stack">
        <h2 id="admin-workspaces">{t("workspaces.heading")}</h2>
        {workspaces.data.length === 0 ? (
          <p>{t("workspaces.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="admin-workspaces">
              <thead>
                <tr>
                  <th>{t("workspaces.name")}</th>
                  <th>{t("workspaces.approval")}</th>
                  <th>{t("workspaces.listings")}</th>
                  <th>{t("workspaces.reports")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {workspaces.data.map((w) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section id="reports" aria-labelledby="admin-reports" className="stack">
        <h2 id="admin-reports">{t("reports.heading")}</h2>
        {reports.data.length === 0 ? (
          <p>{t("reports.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="admin-reports">
              <thead>
                <tr>
                  <th>{t("reports.target")}</th>
                  <th>{t("reports.reason")}</th>
                  <th>{t("reports.reporter")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {reports.data.map((r) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section id="listings" aria-labelledby="admin-listings" className="stack">
        <h2 id="admin-listings">{t("listings.heading")}</h2>
        <p className={styles.inline}>
          <Link href="/admin#listings">{t("listings.state")}: *</Link>
          {LISTING_STATES.map((s) => (
            <Link key={s} href={`/admin?state=${s}#listings`}>
              {t(`listings.states.${s}`)}
            </Link>
          ))}
        </p>
        {listings.data.length === 0 ? (
          <p>{t("listings.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="admin-listings">
              <thead>
                <tr>
                  <th>{t("listings.name")}</th>
                  <th>{t("listings.kind")}</th>
                  <th>{t("listings.state")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {listings.data.map((l) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section id="admins" aria-labelledby="admin-admins" className="stack">
        <h2 id="admin-admins">{t("admins.heading")}</h2>
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
      </section>

      <section id="audit" aria-labelledby="admin-audit" className="stack">
        <h2 id="admin-audit">{t("audit.heading")}</h2>
        {audit.data.length === 0 ? (
          <p>{t("audit.empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="admin-audit">
              <thead>
                <tr>
                  <th>{t("audit.when")}</th>
                  <th>{t("audit.who")}</th>
                  <th>{t("audit.what")}</th>
                  <th>{t("audit.target")}</th>
                  <th>{t("audit.reason")}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.map((e) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
