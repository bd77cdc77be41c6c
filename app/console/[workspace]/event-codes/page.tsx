import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { CreateEventCodeForm } from "@/components/console/event-code-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { eventInvitePath } from "@/lib/contracts/event-codes";
import { env } from "@/lib/env";
import { listEventCodes } from "@/lib/services/event-codes";
import { canManage, workspaceForPage } from "../context";
import { revokeEventCodeAction } from "./actions";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.eventCodes");
  return { title: t("title") };
}

export default async function EventCodesPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, codes] = await Promise.all([
    getTranslations("consolePages.eventCodes"),
    getTranslations("consolePages.common"),
    listEventCodes(workspace.id),
  ]);
  const manager = canManage(workspace.role);
  const now = new Date();
  const appUrl = env.APP_URL.replace(/\/+$/, "");

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {manager ? (
        <Card title={t("createTitle")} className={styles.section}>
          <CreateEventCodeForm workspace={workspace.slug} appUrl={appUrl} />
        </Card>
      ) : (
        <Alert tone="info" className={styles.section}>
          {tc("managersOnly")}
        </Alert>
      )}
      {codes.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="event-codes-table">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colLink")}</th>
                <th scope="col">{t("colUses")}</th>
                <th scope="col">{t("colExpires")}</th>
                <th scope="col">{t("colStatus")}</th>
                {manager ? <th scope="col">{t("revoke")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => {
                const status = code.revokedAt
                  ? "statusRevoked"
                  : code.expiresAt <= now
                    ? "statusExpired"
                    : code.uses >= code.maxUses
                      ? "statusUsedUp"
                      : "statusActive";
                return (
                  <tr key={code.id} data-testid={`event-code-row-${code.name}`}>
                    <th scope="row">{code.name}</th>
                    <td>
                      <code>{`${appUrl}${eventInvitePath(code.code)}`}</code>
                    </td>
                    <td data-testid="event-code-uses">{t("uses", { uses: code.uses, max: code.maxUses })}</td>
                    <td>{tc("date", { date: code.expiresAt })}</td>
                    <td>{t(status)}</td>
                    {manager ? (
                      <td>
                        {code.revokedAt ? null : (
                          <ConfirmAction
                            action={revokeEventCodeAction}
                            hidden={{ workspace: workspace.slug, id: code.id }}
                            label={t("revoke")}
                            question={t("revokeQuestion", { name: code.name })}
                            confirmLabel={t("revokeConfirm")}
                          />
                        )}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
