import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { WebhookForm } from "@/components/console/webhook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { listWebhookEndpoints } from "@/lib/services/webhooks";
import { canManage, workspaceForPage } from "../context";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.webhooks");
  return { title: t("title") };
}

export default async function WebhooksPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc] = await Promise.all([
    getTranslations("consolePages.webhooks"),
    getTranslations("consolePages.common"),
  ]);
  const header = (
    <div className="page-header">
      <h1>{t("title")}</h1>
      <p className="lead">{t("lead")}</p>
    </div>
  );
  // Endpoints, their URLs and delivery logs are for owners and admins only (as in the API).
  if (!canManage(workspace.role)) {
    return (
      <>
        {header}
        <Alert tone="info">{t("managersOnly")}</Alert>
      </>
    );
  }
  const endpoints = await listWebhookEndpoints(workspace.id);
  const base = `/console/${workspace.slug}/webhooks`;

  return (
    <>
      {header}
      <Card title={t("createTitle")} className={styles.section}>
        <WebhookForm workspace={workspace.slug} />
      </Card>
      {endpoints.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="webhooks-table">
            <thead>
              <tr>
                <th scope="col">{t("colUrl")}</th>
                <th scope="col">{t("colEvents")}</th>
                <th scope="col">{t("colStatus")}</th>
                <th scope="col">{t("colCreated")}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <Link href={`${base}/${e.id}`}>
                      <code>{e.url}</code>
                    </Link>
                    {e.description ? <div className="muted">{e.description}</div> : null}
                  </th>
                  <td>{e.events.join(", ")}</td>
                  <td>
                    {e.disabledAt ? (
                      <>
                        <span className={styles.statusBad}>{t("statusDisabled")}</span>
                        <div className="muted">{e.disabledReason}</div>
                      </>
                    ) : e.active ? (
                      <span className={styles.statusOk}>{t("statusActive")}</span>
                    ) : (
                      <Badge>{t("statusInactive")}</Badge>
                    )}
                  </td>
                  <td>{tc("date", { date: e.createdAt })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
