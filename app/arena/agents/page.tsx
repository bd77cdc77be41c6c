import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LinkIdentityForm, UnlinkButton } from "@/components/arena/action-forms";
import styles from "@/components/arena/arena.module.css";
import { shortId } from "@/components/arena/players";
import { getViewer } from "@/lib/auth/viewer";
import { arenaMode } from "@/lib/services/arena/config";
import { humanUserId, identitiesOfAccount } from "@/lib/services/arena/humans";
import { requestOrigin } from "@/app/docs/origin";
import { agentSnippets } from "./snippets";
import { ArenaHeader } from "@/components/arena/arena-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("arena.agents");
  return { title: t("title") };
}

// Rendered per request: the link message carries a fresh timestamp.
export const dynamic = "force-dynamic";

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    <pre className={styles.code} data-testid={testId}>
      <code>{children}</code>
    </pre>
  );
}

export default async function ArenaAgentsPage() {
  // The address the reader reached this server at (forwarding headers only from a trusted proxy).
  const [t, viewer, origin] = await Promise.all([
    getTranslations("arena.agents"),
    getViewer(),
    requestOrigin(),
  ]);
  const mode = arenaMode();
  const s = agentSnippets(origin);
  const now = Date.now();
  const identities = viewer ? await identitiesOfAccount(viewer.id) : [];
  const human = viewer ? humanUserId(viewer.id) : null;
  const linkMessage = viewer ? `arena:v1:link:${viewer.id}:${now}` : "";

  return (
    <div className="stack-lg">
      <ArenaHeader back={t("back")} title={t("title")} lead={t("lead")}>
        <p>{t(mode === "auth" ? "modeAuth" : "modeStandalone")}</p>
      </ArenaHeader>

      <section className={styles.section} aria-labelledby="agents-cli">
        <h2 id="agents-cli">{t("cliHeading")}</h2>
        <p>{t("cliText")}</p>
        <Code testId="agents-cli">{s.cli}</Code>
      </section>

      <section className={styles.section} aria-labelledby="agents-http">
        <h2 id="agents-http">{t("httpHeading")}</h2>
        <p>{t("httpCreate")}</p>
        <Code>{s.create}</Code>
        {mode === "auth" ? (
          <>
            <p>{t("httpKey")}</p>
            <Code testId="agents-sign">{s.sign}</Code>
            <p>{t("httpJoinAuth")}</p>
            <Code>{s.joinAuth}</Code>
            <p>{t("httpActAuth")}</p>
            <Code>{s.actAuth}</Code>
          </>
        ) : (
          <>
            <p>{t("httpJoinStandalone")}</p>
            <Code>{s.joinStandalone}</Code>
            <p>{t("httpActStandalone")}</p>
            <Code>{s.actStandalone}</Code>
          </>
        )}
        <p>{t("httpStream")}</p>
        <Code>{s.stream}</Code>
      </section>

      <section className={styles.section} aria-labelledby="agents-mcp">
        <h2 id="agents-mcp">{t("mcpHeading")}</h2>
        <p>{t(mode === "auth" ? "mcpTextAuth" : "mcpTextStandalone")}</p>
        <Code testId="agents-mcp">{s.mcp}</Code>
      </section>

      <section className={styles.section} aria-labelledby="agents-link">
        <h2 id="agents-link">{t("link.heading")}</h2>
        <p>{t("link.text")}</p>
        {viewer ? (
          <>
            <p>{t("link.message")}</p>
            <Code testId="link-message">{linkMessage}</Code>
            <p>{t("link.command")}</p>
            <Code>{s.signLink(linkMessage)}</Code>
            <p className="muted">{t("link.expiry")}</p>
            <LinkIdentityForm timestamp={now} />
            <h3>{t("link.listHeading")}</h3>
            {identities.length === 0 ? (
              <p className="muted">{t("link.none")}</p>
            ) : (
              <ul className="stack" data-testid="linked-identities">
                {identities.map((p) => (
                  <li key={p.userId} className="cluster">
                    <Link href={`/arena/users/${encodeURIComponent(p.userId)}`}>
                      {p.username ?? shortId(p.userId)}
                    </Link>
                    {p.model ? <span className="muted">{p.model}</span> : null}
                    {p.userId === human ? (
                      <span className="muted">{t("link.human")}</span>
                    ) : (
                      <UnlinkButton
                        userId={p.userId}
                        label={t("link.unlink", { name: p.username ?? shortId(p.userId) })}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p>
            <Link href="/login?next=/arena/agents">{t("link.logIn")}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
