import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ConfirmAction } from "@/components/console/confirm-action";
import { CreateTokenForm } from "@/components/console/token-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { requestOrigin } from "@/app/docs/origin";
import { exampleChallengeId, listApiTokens } from "@/lib/services/api-tokens";
import { canManage, workspaceForPage } from "../context";
import { revokeTokenAction } from "./actions";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consolePages.tokens");
  return { title: t("title") };
}

export default async function TokensPage({ params }: Props) {
  const { workspace } = await workspaceForPage((await params).workspace);
  // The commands are printed for the address the reader reached this server at.
  const [t, tc, tokens, challengeId, origin] = await Promise.all([
    getTranslations("consolePages.tokens"),
    getTranslations("consolePages.common"),
    listApiTokens(workspace.id),
    exampleChallengeId(workspace.id),
    requestOrigin(),
  ]);
  const manager = canManage(workspace.role);
  const now = new Date();

  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {manager ? (
        <Card title={t("createTitle")} className={styles.section}>
          <CreateTokenForm workspace={workspace.slug} apiBase={origin} challengeId={challengeId} />
        </Card>
      ) : (
        <Alert tone="info" className={styles.section}>
          {tc("managersOnly")}
        </Alert>
      )}
      {tokens.length === 0 ? (
        <EmptyState icon={<WrenchIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="tokens-table">
            <thead>
              <tr>
                <th scope="col">{t("colName")}</th>
                <th scope="col">{t("colPrefix")}</th>
                <th scope="col">{t("colScopes")}</th>
                <th scope="col">{t("colCreated")}</th>
                <th scope="col">{t("colLastUsed")}</th>
                <th scope="col">{t("colExpires")}</th>
                <th scope="col">{t("colStatus")}</th>
                {manager ? <th scope="col">{t("revoke")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => {
                const expired = token.expiresAt !== null && token.expiresAt <= now;
                const status = token.revokedAt ? "statusRevoked" : expired ? "statusExpired" : "statusActive";
                return (
                  <tr key={token.id} data-testid={`token-row-${token.name}`}>
                    <th scope="row">{token.name}</th>
                    <td>
                      <code>{token.prefix}…</code>
                    </td>
                    <td data-testid="token-scopes">{token.scopes.join(", ")}</td>
                    <td>{tc("date", { date: token.createdAt })}</td>
                    <td>{token.lastUsedAt ? tc("date", { date: token.lastUsedAt }) : tc("never")}</td>
                    <td>{token.expiresAt ? tc("date", { date: token.expiresAt }) : tc("never")}</td>
                    <td>{t(status)}</td>
                    {manager ? (
                      <td>
                        {token.revokedAt ? null : (
                          <ConfirmAction
                            action={revokeTokenAction}
                            hidden={{ workspace: workspace.slug, id: token.id }}
                            label={t("revoke")}
                            question={t("revokeQuestion", { name: token.name })}
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
