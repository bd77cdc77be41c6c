import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { DeliveryLog } from "@/components/console/webhook-delivery-log";
import { RefreshWhilePending, RotateSecret, SendTestEvent } from "@/components/console/webhook-controls";
import { WebhookForm } from "@/components/console/webhook-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getWebhookEndpoint, listDeliveries, type WebhookEndpointView } from "@/lib/services/webhooks";
import { canManage, workspaceForPage } from "../../context";
import { byIdOrNotFound } from "../../detail";
import { deleteWebhookAction } from "../actions";

type Props = {
  params: Promise<{ workspace: string; id: string }>;
  searchParams: Promise<{ page?: string }>;
};

const PAGE_SIZE = 20;

function load(workspaceId: string, id: string): Promise<WebhookEndpointView> {
  return byIdOrNotFound(id, (i) => getWebhookEndpoint(workspaceId, i));
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.webhooks");
  return { title: t("detailTitle") };
}

export default async function WebhookPage({ params, searchParams }: Props) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  if (!canManage(workspace.role)) notFound();
  const pageParam = Number((await searchParams).page ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, 5000) : 1;
  const endpoint = await load(workspace.id, id);
  const [t, tc, log] = await Promise.all([
    getTranslations("consolePages.webhooks"),
    getTranslations("consolePages.common"),
    listDeliveries(workspace.id, id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const base = `/console/${workspace.slug}/webhooks`;
  const pages = Math.max(1, Math.ceil(log.total / PAGE_SIZE));
  const pageHref = (n: number) => `${base}/${id}?page=${n}`;

  return (
    <>
      <div className="page-header">
        <p>
          <Link href={base}>← {tc("back")}</Link>
        </p>
        <h1>
          <code>{endpoint.url}</code>
        </h1>
        {endpoint.description ? <p className="lead">{endpoint.description}</p> : null}
      </div>
      <div className="stack-lg">
        {endpoint.disabledAt ? (
          <Alert tone="error" title={t("disabledTitle")}>
            {endpoint.disabledReason} {t("disabledHelp")}
          </Alert>
        ) : !endpoint.active ? (
          <Alert tone="info">{t("inactiveHelp")}</Alert>
        ) : null}
        <Card title={t("testTitle")} description={t("testLead")}>
          <SendTestEvent workspace={workspace.slug} id={endpoint.id} />
        </Card>
        <Card title={t("editTitle")}>
          <WebhookForm
            workspace={workspace.slug}
            endpoint={{
              id: endpoint.id,
              url: endpoint.url,
              description: endpoint.description,
              events: endpoint.events,
              active: endpoint.active && !endpoint.disabledAt,
            }}
          />
        </Card>
        <Card title={t("secretTitle")} description={t("secretLead")}>
          <RotateSecret workspace={workspace.slug} id={endpoint.id} />
        </Card>
        <Card title={t("logTitle")} description={t("logLead", { total: log.total })}>
          <RefreshWhilePending pending={log.data.some((d) => d.status === "pending")} />
          <DeliveryLog workspace={workspace.slug} deliveries={log.data} />
          {pages > 1 ? (
            <nav className={styles.pager} aria-label={t("pagination")}>
              {page > 1 ? <Link href={pageHref(page - 1)}>← {t("previous")}</Link> : <span />}
              <span>{t("pageOf", { page, pages })}</span>
              {page < pages ? <Link href={pageHref(page + 1)}>{t("next")} →</Link> : <span />}
            </nav>
          ) : null}
        </Card>
        <div className={styles.dangerZone}>
          <ConfirmAction
            action={deleteWebhookAction}
            hidden={{ workspace: workspace.slug, id: endpoint.id }}
            label={t("delete")}
            question={t("deleteQuestion")}
            confirmLabel={t("deleteConfirm")}
          />
        </div>
      </div>
    </>
  );
}
