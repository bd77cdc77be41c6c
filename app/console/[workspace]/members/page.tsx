import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { AddMemberForm, RoleForm } from "@/components/console/member-forms";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
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
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {manager ? (
        <Card title={t("addTitle")} className={styles.section}>
          <AddMemberForm workspace={workspace.slug} />
        </Card>
      ) : (
        <Alert tone="info" className={styles.section}>
          {tc("managersOnly")}
        </Alert>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="members-table">
          <thead>
            <tr>
              <th scope="col">{t("colName")}</th>
              <th scope="col">{t("colEmail")}</th>
              <th scope="col">{t("colRole")}</th>
              <th scope="col">{t("colSince")}</th>
              {manager ? <th scope="col">{t("colActions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.name} {m.accountId === viewer.id ? <span className="muted">{t("you")}</span> : null}
                </th>
                <td>{m.email}</td>
                <td>
                  {manager && m.role !== "owner" ? (
                    <RoleForm key={`${m.id}-${m.role}`} workspace={workspace.slug} id={m.id} role={m.role} name={m.name} />
                  ) : (
                    <Badge>{tRole("role", { role: m.role })}</Badge>
                  )}
                </td>
                <td>{tc("date", { date: m.createdAt })}</td>
                {manager ? (
                  <td>
                    {m.role === "owner" ? (
                      <span className="muted">{t("protected")}</span>
                    ) : (
                      <ConfirmAction
                        action={removeMemberAction}
                        hidden={{ workspace: workspace.slug, id: m.id }}
                        label={t("remove")}
                        question={t("removeQuestion", { name: m.name })}
                        confirmLabel={t("removeConfirm")}
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
