import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { ProviderForm } from "@/components/console/provider-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { listProviders } from "@/lib/services/llm-providers";
import { canManage, workspaceForPage } from "../context";
import { deleteProviderAction } from "./actions";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.providers");
  return { title: t("title") };
}

export default async function ProvidersPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, providers] = await Promise.all([
    getTranslations("consolePages.providers"),
    getTranslations("consolePages.common"),
    listProviders(workspace.id),
  ]);
  const manager = canManage(workspace.role);

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {manager ? (
        <Card title={t("createTitle")} className={styles.section}>
          <ProviderForm workspace={workspace.slug} />
        </Card>
      ) : (
        <Alert tone="info" className={styles.section}>
          {tc("managersOnly")}
        </Alert>
      )}
      {providers.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="providers-table">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colKind")}</th>
                <th scope="col">{t("colModels")}</th>
                <th scope="col">{t("colKey")}</th>
                {manager ? <th scope="col">{t("delete")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {providers.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name} {p.isDefault ? <Badge>{t("default")}</Badge> : null}
                    {p.baseUrl ? (
                      <div className="muted">
                        <code>{p.baseUrl}</code>
                      </div>
                    ) : null}
                  </th>
                  <td>{p.kind === "openai" ? t("kindOpenai") : t("kindCompatible")}</td>
                  <td>{p.models.join(", ")}</td>
                  <td>{p.hasApiKey ? t("keySet") : t("keyNotSet")}</td>
                  {manager ? (
                    <td>
                      <ConfirmAction
                        action={deleteProviderAction}
                        hidden={{ workspace: workspace.slug, id: p.id }}
                        label={t("delete")}
                        question={t("deleteQuestion", { name: p.name })}
                        confirmLabel={t("deleteConfirm")}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
