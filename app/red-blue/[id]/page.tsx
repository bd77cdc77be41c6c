import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { InstructionsPanel } from "@/components/play/instructions-panel";
import styles from "@/components/play/play.module.css";
import { Standings } from "@/components/red-blue/standings";
import { TeamPanel } from "@/components/red-blue/team-panel";
import { Badge } from "@/components/ui/badge";
import { getViewer } from "@/lib/auth/viewer";
import { env } from "@/lib/env";
import { orNotFound } from "@/lib/api/or-not-found";
import { getPublicRedBlue, listMyPairings } from "@/lib/services/red-blue";
import { ReportListing } from "@/components/moderation/report-listing";
import { FactList } from "@/components/play/fact-list";
import { renderableTheme } from "@/lib/services/player-pages";
import { ThemedArticle } from "@/components/play/themed-article";
import type { IdPageProps } from "@/app/page-props";

export async function generateMetadata({ params }: IdPageProps): Promise<Metadata> {
  const { id } = await params;
  const { challenge } = await orNotFound(getPublicRedBlue(id, null));
  return { title: challenge.name };
}

export default async function RedBlueChallengePage({ params, searchParams }: IdPageProps) {
  const { id } = await params;
  const query = await searchParams;
  const viewer = await getViewer();
  const { challenge, leaderboard, me } = await orNotFound(getPublicRedBlue(id, viewer?.id ?? null));
  const [t, pairings] = await Promise.all([
    getTranslations("redBlue.page"),
    viewer && me ? listMyPairings(viewer.id, challenge.id, 20) : Promise.resolve({ data: [] }),
  ]);
  const loginHref = `/login?${new URLSearchParams({ next: `/red-blue/${id}` }).toString()}`;
  return (
    <ThemedArticle theme={renderableTheme(challenge.theme)} testId="red-blue-page">
      <p className={styles.crumbs}>
        <Link href="/red-blue">{t("back")}</Link>
      </p>
      <header className={styles.playHeader}>
        <h1>{challenge.name}</h1>
        {challenge.offline_model ? (
          <p>
            <Badge>{t("offline")}</Badge>
          </p>
        ) : null}
        {challenge.description ? <p className={styles.goal}>{challenge.description}</p> : null}
        <FactList
          className={styles.facts}
          facts={[
            [t("categories"), challenge.judge_suite.map((c) => c.name).join(", ")],
            [t("scoring"), t(challenge.scoring_strategy === "custom" ? "scoringCustom" : "scoringRatio")],
            [
              t("players"),
              t("playersValue", { red: challenge.counts.red_players, blue: challenge.counts.blue_players }),
            ],
            [t("pairings"), challenge.counts.pairings],
            [
              t("utilityGate"),
              challenge.utility_gate.prompts === 0
                ? t("utilityNone")
                : t(challenge.utility_gate.mode === "reject" ? "utilityReject" : "utilityZero", {
                    count: challenge.utility_gate.prompts,
                  }),
            ],
            [t("reveal"), t(challenge.reveal_after_round ? "revealYes" : "revealNo")],
          ]}
        />
      </header>

      <InstructionsPanel
        markdown={challenge.instructions_md}
        heading={t("instructions")}
        headingId="instructions-heading"
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
      />

      <div className={styles.panel}>
        <TeamPanel
          challengeId={challenge.id}
          loginHref={loginHref}
          signedIn={viewer !== null}
          initialMe={me ? { team: me.team, submissions: me.submissions } : null}
          maxPromptChars={challenge.max_prompt_chars}
          utilityGate={challenge.utility_gate}
          revealAfterRound={challenge.reveal_after_round}
          initialPairings={pairings.data}
          categoryNames={Object.fromEntries(challenge.judge_suite.map((c) => [c.key, c.name]))}
          secretName={challenge.secret_name}
          standings={
            <Standings
              standings={leaderboard}
              headingId="red-blue-standings"
              viewerName={viewer?.name ?? null}
            />
          }
        />
      </div>
      <ReportListing
        kind="red_blue"
        id={id}
        signedIn={viewer !== null}
        outcome={query?.report}
        loginHref={`/login?${new URLSearchParams({ next: `/red-blue/${id}` }).toString()}`}
      />
    </ThemedArticle>
  );
}
