import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcePage } from "@/components/console/resource-page";
import { CreateEventCodeForm } from "@/components/console/event-code-form";
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
    <ResourcePage
      title={t("title")}
      lead={t("lead")}
      createTitle={t("createTitle")}
      createForm={<CreateEventCodeForm workspace={workspace.slug} appUrl={appUrl} />}
      manager={manager}
      managersOnly={tc("managersOnly")}
      rows={codes}
      empty={{ title: t("emptyTitle"), description: t("emptyDescription") }}
      tableTestId="event-codes-table"
      columns={[t("colName"), t("colLink"), t("colUses"), t("colExpires"), t("colStatus")]}
      rowTestId={(code) => `event-code-row-${code.name}`}
      cells={(code) => {
        const status = code.revokedAt
          ? "statusRevoked"
          : code.expiresAt <= now
            ? "statusExpired"
            : code.uses >= code.maxUses
              ? "statusUsedUp"
              : "statusActive";
        return (
          <>
            <th scope="row">{code.name}</th>
            <td>
              <code>{`${appUrl}${eventInvitePath(code.code)}`}</code>
            </td>
            <td data-testid="event-code-uses">{t("uses", { uses: code.uses, max: code.maxUses })}</td>
            <td>{tc("date", { date: code.expiresAt })}</td>
            <td>{t(status)}</td>
          </>
        );
      }}
      rowAction={{
        action: revokeEventCodeAction,
        workspace: workspace.slug,
        label: t("revoke"),
        question: (code) => t("revokeQuestion", { name: code.name }),
        confirmLabel: t("revokeConfirm"),
        applies: (code) => !code.revokedAt,
      }}
    />
  );
}
