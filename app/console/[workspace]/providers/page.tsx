import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcePage } from "@/components/console/resource-page";
import { ProviderForm } from "@/components/console/provider-form";
import { Badge } from "@/components/ui/badge";
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
    <ResourcePage
      title={t("title")}
      lead={t("lead")}
      createTitle={t("createTitle")}
      createForm={<ProviderForm workspace={workspace.slug} />}
      manager={manager}
      managersOnly={tc("managersOnly")}
      rows={providers}
      empty={{ title: t("emptyTitle"), description: t("emptyDescription") }}
      tableTestId="providers-table"
      columns={[t("colName"), t("colKind"), t("colModels"), t("colKey")]}
      cells={(p) => (
        <>
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
        </>
      )}
      rowAction={{
        action: deleteProviderAction,
        workspace: workspace.slug,
        label: t("delete"),
        question: (p) => t("deleteQuestion", { name: p.name }),
        confirmLabel: t("deleteConfirm"),
      }}
    />
  );
}
