import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { PluginForm } from "@/components/console/plugin-form";
import { PluginTestRun } from "@/components/console/plugin-test-run";
import { Card } from "@/components/ui/card";
import { getPlugin, type PluginView } from "@/lib/services/plugins";
import { workspaceForPage } from "../../context";
import { byIdOrNotFound, nameAsTitle } from "../../detail";
import { deletePluginAction } from "../actions";
import { BackHeader } from "@/components/console/back-header";

type Props = { params: Promise<{ workspace: string; id: string }> };

function load(workspaceId: string, id: string): Promise<PluginView> {
  return byIdOrNotFound(id, (i) => getPlugin(workspaceId, i));
}

export const generateMetadata = nameAsTitle(load);

export default async function PluginPage({ params }: Props) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [plugin, t] = await Promise.all([load(workspace.id, id), getTranslations("consolePages.plugins")]);
  return (
    <>
      <BackHeader
        backHref={`/console/${workspace.slug}/plugins`}
        title={plugin.name}
        lead={
          <>
            <code>{plugin.pluginId}</code> · {plugin.kind === "scorer" ? t("kindScorer") : t("kindEvaluator")}{" "}
            · v{plugin.version}
          </>
        }
      />
      <div className="stack-lg">
        <PluginForm
          workspace={workspace.slug}
          plugin={{
            id: plugin.id,
            pluginId: plugin.pluginId,
            name: plugin.name,
            kind: plugin.kind,
            entrypoints: plugin.entrypoints,
            code: plugin.code,
            configSchema: plugin.configSchema,
          }}
        />
        <Card title={t("testTitle")} description={t("testLead")}>
          <PluginTestRun
            workspace={workspace.slug}
            id={plugin.id}
            kind={plugin.kind}
            entrypoints={plugin.entrypoints}
          />
        </Card>
        <div className={styles.section}>
          <ConfirmAction
            action={deletePluginAction}
            hidden={{ workspace: workspace.slug, id: plugin.id }}
            label={t("delete")}
            question={t("deleteQuestion", { name: plugin.name })}
            confirmLabel={t("deleteConfirm")}
          />
        </div>
      </div>
    </>
  );
}
