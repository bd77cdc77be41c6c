import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { InstructionsPanel } from "@/components/play/instructions-panel";
import { AttemptHistory } from "@/components/play/attempt-history";
import { orNotFound } from "@/lib/api/or-not-found";
import { GuestClaimLink } from "@/components/play/guest-claim-link";
import { PlayPanel } from "@/components/play/play-panel";
import styles from "@/components/play/play.module.css";
import { Badge } from "@/components/ui/badge";
import { buttonClassName } from "@/components/ui/button";
import { getViewer } from "@/lib/auth/viewer";
import { guestPlayFor } from "@/lib/auth/guest-page";
import { GuestLine } from "@/components/play/guest-line";
import { env } from "@/lib/env";
import { getChallengeHero, getPlayState, renderableTheme } from "@/lib/services/player-pages";
import { getPublicChallenge } from "@/lib/services/public-challenges";
import { HintsSection } from "./hints-section";
import type { LadderPlace } from "@/lib/contracts/collections";
import { claimsOpen, getLadderPlace } from "@/lib/services/ladder";
import { LadderCrumb, LockedLevel } from "@/components/play/ladder-crumb";
import type { LadderLinks } from "@/components/play/ladder-types";
import { ReportListing } from "@/components/moderation/report-listing";
import { FactList } from "@/components/play/fact-list";
import { publicCalibration } from "@/lib/services/calibration/public";
import { ThemedArticle } from "@/components/play/themed-article";
import type { IdPageProps } from "@/app/page-props";

export async function generateMetadata({ params }: IdPageProps): Promise<Metadata> {
  const { id } = await params;
  const challenge = await orNotFound(getPublicChallenge(id));
  return { title: challenge.name };
}

export default async function ChallengePage({ params, searchParams }: IdPageProps) {
  const { id } = await params;
  const query = await searchParams;
  const inCollection = query?.collection;
  const viewer = await getViewer();
  const challenge = await orNotFound(getPublicChallenge(id, viewer?.id ?? null));
  const [t, hero, play, calibration] = await Promise.all([
    getTranslations("player.challenge"),
    getChallengeHero(id),
    viewer ? getPlayState(id, viewer.id) : guestPlayFor(id),
    publicCalibration(id),
  ]);
  // The ladder: breadcrumb, gating and "Next level →" (lib/services/ladder.ts).
  const [place, allowClaims] = await Promise.all([
    getLadderPlace(id, {
      collectionId: typeof inCollection === "string" ? inCollection : null,
      viewerAccountId: viewer?.id ?? null,
    }),
    claimsOpen(id),
  ]);
  const ladder = place ? ladderLinks(place) : null;
  // Log in or register, then come back to this page (in its ladder, if it was opened in one).
  const here =
    typeof inCollection === "string"
      ? `/challenges/${id}?${new URLSearchParams({ collection: inCollection })}`
      : `/challenges/${id}`;
  const loginHref = `/login?${new URLSearchParams({ next: here }).toString()}`;

  return (
    <ThemedArticle theme={renderableTheme(challenge.theme)} testId="challenge-page">
      {/* On a ladder level the ladder's breadcrumb replaces the way back (one line, not two). */}
      {place ? (
        <LadderCrumb place={place} back={{ href: "/challenges", label: t("backToChallenges") }} />
      ) : (
        <p className={styles.crumbs}>
          <Link href="/challenges">{t("backToChallenges")}</Link>
        </p>
      )}
      {hero ? (
        hero.kind === "video" ? (
          <video
            className={styles.heroMedia}
            src={hero.url}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={t("heroVideo")}
          />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- signed, expiring same-origin URL
          <img className={styles.heroMedia} src={hero.url} alt="" />
        )
      ) : null}
      <header className={styles.playHeader}>
        {/* The badge sits beside the title: a win marks it without moving the play area down. */}
        <div className={styles.titleRow}>
          <h1>{challenge.name}</h1>
          {challenge.solved ? <Badge className={styles.solvedBadge}>{t("solvedByYou")}</Badge> : null}
        </div>
        {challenge.description ? <p className={styles.goal}>{challenge.description}</p> : null}
        <p>
          <strong>{t("goal")}</strong> {challenge.goal}
        </p>
        <div className={styles.metaRow}>
          <FactList
            className={styles.facts}
            facts={[
              [t("difficulty"), t("difficultyValue", { difficulty: challenge.difficulty })],
              [t("points"), challenge.points],
              [t("scoring"), t("strategy", { strategy: challenge.scoring_strategy })],
              [t("solves"), challenge.solves],
              [t("attemptLimit"), challenge.max_attempts === null ? t("noLimit") : challenge.max_attempts],
              challenge.cooldown_seconds > 0 && [
                t("cooldown"),
                t("seconds", { seconds: challenge.cooldown_seconds }),
              ],
              calibration && [
                t("judgeChecked"),
                <span key="calibration" data-testid="judge-checked">
                  {t("judgeCheckedValue", {
                    examples: calibration.examples,
                    agreeing: calibration.agreeing,
                    flips: calibration.flips,
                  })}
                </span>,
              ],
            ]}
          />
          <p className={styles.visitLinks}>
            <Link href={`/challenges/${id}/leaderboard`}>{t("leaderboardLink")}</Link>
          </p>
        </div>
      </header>

      {play && "guest" in play ? (
        <GuestLine name={play.guest.name} registerHref={loginHref.replace("/login", "/register")} />
      ) : null}
      {viewer && place?.locked ? (
        <LockedLevel place={place} panelClassName={styles.panel ?? ""} />
      ) : play ? (
        <PlayPanel
          challengeId={id}
          initialAttemptsLeft={play.attempts_left}
          initialCooldownUntil={play.cooldown_until}
          ladder={ladder}
          allowClaims={allowClaims}
          // The level's own board, or its ladder's, ranks by fewest tokens.
          countTokens={
            challenge.scoring_strategy === "fewest_tokens" ||
            place?.collection.scoringStrategy === "fewest_tokens_total"
          }
          // Claims need an account: a guest gets a way to log in and come back here instead.
          claimLogin={"guest" in play ? <GuestClaimLink href={loginHref} /> : null}
        />
      ) : (
        <section aria-labelledby="login-heading" className={`${styles.panel} ${styles.loginBox}`}>
          <h2 id="login-heading">{t("attackHeading")}</h2>
          <p>{t("loginExplain")}</p>
          <Link href={loginHref} className={buttonClassName({ className: styles.accentButton })}>
            {t("loginToAttack")}
          </Link>
        </section>
      )}
      {/* Below the play panel: what was tried and the hints, side by side where there is room. */}
      <div className={styles.columns}>
        {play ? (
          <AttemptHistory attempts={play.history} headingId="history-heading" challengeId={id} />
        ) : null}
        <HintsSection challengeId={id} viewerId={viewer?.id ?? null} />
      </div>

      {/* Below the play panel, so the prompt box is on screen when the page opens. */}
      <InstructionsPanel
        markdown={challenge.instructions_md}
        heading={t("instructions")}
        headingId="instructions-heading"
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
      />
      <ReportListing
        kind="challenge"
        id={id}
        signedIn={Boolean(viewer)}
        outcome={query?.report}
        loginHref={loginHref}
      />
    </ThemedArticle>
  );
}

function ladderLinks(place: LadderPlace): LadderLinks {
  const inLadder = `?collection=${encodeURIComponent(place.collection.id)}`;
  return {
    next: place.next ? { href: `/challenges/${place.next.id}${inLadder}`, name: place.next.name } : null,
    collection: { href: `/challenge-collections/${place.collection.id}`, name: place.collection.name },
  };
}
