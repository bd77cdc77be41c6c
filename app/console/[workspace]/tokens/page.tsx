import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcePage } from "@/components/console/resource-page";
import { CreateTokenForm } from "@/components/console/token-form";
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
    <ResourcePage
      title={t("title")}
      lead={t("lead")}
      createTitle={t("createTitle")}
      createForm={<CreateTokenForm workspace={workspace.slug} apiBase={origin} challengeId={challengeId} />}
      manager={manager}
      managersOnly={tc("managersOnly")}
      rows={tokens}
      empty={{ title: t("emptyTitle"), description: t("emptyDescription") }}
      tableTestId="tokens-table"
      columns={[
        t("colName"),
        t("colPrefix"),
        t("colScopes"),
        t("colCreated"),
        t("colLastUsed"),
        t("colExpires"),
        t("colStatus"),
      ]}
      rowTestId={(token) => `token-row-${token.name}`}
      cells={(token) => {
        const expired = token.expiresAt !== null && token.expiresAt <= now;
        const status = token.revokedAt ? "statusRevoked" : expired ? "statusExpired" : "statusActive";
        return (
          <>
            <th scope="row">{token.name}</th>
            <td>
              <code>{token.prefix}…</code>
            </td>
            <td data-testid="token-scopes">{token.scopes.join(", ")}</td>
            <td>{tc("date", { date: token.createdAt })}</td>
            <td>{token.lastUsedAt ? tc("date", { date: token.lastUsedAt }) : tc("never")}</td>
            <td>{token.expiresAt ? tc("date", { date: token.expiresAt }) : tc("never")}</td>
            <td>{t(status)}</td>
          </>
        );
      }}
      rowAction={{
        action: revokeTokenAction,
        workspace: workspace.slug,
        label: t("revoke"),
        question: (token) => t("revokeQuestion", { name: token.name }),
        confirmLabel: t("revokeConfirm"),
        applies: (token) => !token.revokedAt,
      }}
    />
  );
}
