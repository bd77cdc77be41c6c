import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcePage } from "@/components/console/resource-page";
import { AddMemberForm, RoleForm } from "@/components/console/member-forms";
import { Badge } from "@/components/ui/badge";
import { listMembers } from "@/lib/services/members";
import { canManage, workspaceForPage } from "../context";
import { removeMemberAction } from "./actions";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.members");
  return { title: t("title") };
}

export default async function MembersPage({ params }: Props) {
  const { viewer, workspace } = await workspaceForPage((await params).workspace);
  const [t, tc, tRole, members] = await Promise.all([
    getTranslations("consolePages.members"),
    getTranslations("consolePages.common"),
    getTranslations("console"),
    listMembers(workspace.id),
  ]);
  const manager = canManage(workspace.role);

  return (
    <ResourcePage
      title={t("title")}
      lead={t("lead")}
      createTitle={t("addTitle")}
      createForm={<AddMemberForm workspace={workspace.slug} />}
      manager={manager}
      managersOnly={tc("managersOnly")}
      rows={members}
      tableTestId="members-table"
      columns={[t("colName"), t("colEmail"), t("colRole"), t("colSince")]}
      cells={(m) => (
        <>
          <th scope="row">
            {m.name} {m.accountId === viewer.id ? <span className="muted">{t("you")}</span> : null}
          </th>
          <td>{m.email}</td>
          <td>
            {manager && m.role !== "owner" ? (
              <RoleForm
                key={`${m.id}-${m.role}`}
                workspace={workspace.slug}
                id={m.id}
                role={m.role}
                name={m.name}
              />
            ) : (
              <Badge>{tRole("role", { role: m.role })}</Badge>
            )}
          </td>
          <td>{tc("date", { date: m.createdAt })}</td>
        </>
      )}
      rowAction={{
        action: removeMemberAction,
        workspace: workspace.slug,
        header: t("colActions"),
        label: t("remove"),
        question: (m) => t("removeQuestion", { name: m.name }),
        confirmLabel: t("removeConfirm"),
        applies: (m) => m.role !== "owner",
        otherwise: <span className="muted">{t("protected")}</span>,
      }}
    />
  );
}
