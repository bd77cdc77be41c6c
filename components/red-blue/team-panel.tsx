"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useId, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClassName } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { useNow } from "@/components/ui/use-now";
import type { PlayerPairingView, RedBlueTeam, SubmitResponse } from "@/lib/contracts/red-blue";
import { MyPairings } from "./my-pairings";
import { problemFrom as readProblem, type Problem } from "./problem";
import { SubmissionResult } from "./submission-result";
import { teamClass } from "./team-class";
import { useMyPairings } from "./use-my-pairings";
import playStyles from "@/components/play/play-panel.module.css";
import styles from "./red-blue.module.css";
import { formatWait } from "@/lib/time/wait";

// The player's side of a red/blue challenge: join a team, write an attack (red) or a defense
// (blue), see what the submission was paired with and how it was judged, the pairings the
// player took part in, and the standings. Everything goes through /web/api/red-blue-challenges;
// the standings are rendered on the server (they stay out of this bundle) and refreshed with the
// page's server components (router.refresh()) when the player's pairings change.

interface Me {
  team: RedBlueTeam;
  submissions: number;
}

export function TeamPanel({
  challengeId,
  loginHref,
  signedIn,
  initialMe,
  maxPromptChars,
  utilityGate,
  revealAfterRound,
  initialPairings,
  standings,
  categoryNames,
  secretName,
}: {
  challengeId: string;
  loginHref: string;
  signedIn: boolean;
  initialMe: Me | null;
  maxPromptChars: number;
  utilityGate: { prompts: number; mode: "reject" | "zero" };
  revealAfterRound: boolean;
  initialPairings: PlayerPairingView[];
  /** The standings, rendered by the page (a server component). */
  standings: ReactNode;
  /** The challenge's judge categories by key, for the verdict lines of a pairing. */
  categoryNames: Readonly<Record<string, string>>;
  /** What the challenge calls its secret ("vault code"), or null. */
  secretName: string | null;
}) {
  const t = useTranslations("redBlue.play");
  const promptId = useId();
  const api = `/web/api/red-blue-challenges/${encodeURIComponent(challengeId)}`;
  const [me, setMe] = useState<Me | null>(initialMe);
  const [busy, setBusy] = useState<null | "join" | "submit">(null);
  const [startedAt, setStartedAt] = useState(0);
  const [prompt, setPrompt] = useState("");
  const [result, setResult] = useState<SubmitResponse | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { pairings, refreshing, refresh, polling, markSeen, pollForOpponent } = useMyPairings(
    api,
    signedIn,
    initialPairings,
  );

  const now = useNow(busy === "submit" || (problem?.retryAt ?? 0) > Date.now());
  const waitSeconds =
    problem?.retryAt && problem.retryAt > now ? Math.ceil((problem.retryAt - now) / 1000) : 0;
  const tooLong = prompt.length > maxPromptChars;
  const problemFrom = useCallback(
    (res: Response) =>
      readProblem(res, { genericError: t("genericError"), sessionExpired: t("sessionExpired") }),
    [t],
  );

  async function join(team: RedBlueTeam) {
    if (busy) return;
    setBusy("join");
    setProblem(null);
    try {
      const res = await fetch(`${api}/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ team }),
      });
      if (!res.ok) {
        setProblem(await problemFrom(res));
        return;
      }
      setMe((m) => ({ team, submissions: m?.submissions ?? 0 }));
      setResult(null);
      void refresh();
    } catch {
      setProblem({ message: t("networkError") });
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!me || busy || waitSeconds > 0) return;
    if (prompt.trim() === "") {
      setProblem({ message: t("emptyPrompt") });
      return;
    }
    if (tooLong) {
      setProblem({ message: t("tooLong", { max: maxPromptChars }) });
      return;
    }
    setBusy("submit");
    setStartedAt(Date.now());
    setProblem(null);
    setResult(null);
    try {
      const res = await fetch(`${api}/submit`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ team: me.team, prompt }),
      });
      if (!res.ok) {
        setProblem(await problemFrom(res));
        return;
      }
      const body = (await res.json()) as SubmitResponse;
      setResult(body);
      setMe((m) => (m ? { ...m, submissions: m.submissions + 1 } : m));
      if (body.pairing) markSeen(body.pairing.id);
      await refresh();
      if (body.waiting) pollForOpponent();
    } catch {
      setProblem({ message: t("networkError") });
    } finally {
      setBusy(null);
    }
  }

  const elapsed = busy === "submit" ? Math.max(0, Math.floor((now - startedAt) / 1000)) : 0;
  const teamName = (team: RedBlueTeam) => t(team === "red" ? "redTeam" : "blueTeam");

  return (
    <div className="stack-lg">
      <section aria-labelledby={`${promptId}-play`} className="stack" data-testid="team-panel">
        <h2 id={`${promptId}-play`}>{t("heading")}</h2>
        {!signedIn ? (
          <div className="stack">
            <p>{t("loginExplain")}</p>
            <p>
              <Link href={loginHref} className={buttonClassName({})}>
                {t("loginToPlay")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            {me ? (
              <p className={teamClass(me.team)} data-testid="my-team" data-team={me.team}>
                <Badge className={styles.teamBadge}>{teamName(me.team)}</Badge>{" "}
                {t(me.team === "red" ? "onRed" : "onBlue")}
              </p>
            ) : (
              <p>{t("chooseSide")}</p>
            )}
            {!me || me.submissions === 0 ? (
              <div className={styles.joinRow}>
                {(["red", "blue"] as const)
                  .filter((team) => team !== me?.team)
                  .map((team) => (
                    <div key={team} className={`${styles.joinChoice} ${teamClass(team)}`}>
                      <h3>{teamName(team)}</h3>
                      <p>{t(team === "red" ? "redExplain" : "blueExplain")}</p>
                      <div>
                        <Button
                          variant={me ? "secondary" : "primary"}
                          onClick={() => void join(team)}
                          disabled={busy !== null}
                          data-testid={`join-${team}`}
                        >
                          {busy === "join" ? <Spinner /> : null}
                          {me
                            ? t(team === "red" ? "switchRed" : "switchBlue")
                            : t(team === "red" ? "joinRed" : "joinBlue")}
                        </Button>
                      </div>
                    </div>
                  ))}
              </div>
            ) : null}
            {me ? (
              <form
                onSubmit={(e) => void submit(e)}
                className="stack"
                aria-busy={busy === "submit" || undefined}
                noValidate
              >
                <label htmlFor={promptId} className={playStyles.promptLabel}>
                  {t(me.team === "red" ? "attackLabel" : "defenseLabel")}
                </label>
                <p id={`${promptId}-hint`} className={playStyles.promptHint}>
                  {me.team === "red"
                    ? t("attackHint")
                    : t(utilityGate.mode === "reject" ? "defenseHintReject" : "defenseHintZero", {
                        count: utilityGate.prompts,
                      })}
                  {revealAfterRound ? ` ${t("revealNote")}` : ""}
                </p>
                <textarea
                  id={promptId}
                  name="prompt"
                  className={playStyles.textarea}
                  rows={me.team === "blue" ? 8 : 5}
                  value={prompt}
                  onChange={(e) => setPrompt(e.target.value)}
                  aria-describedby={`${promptId}-hint ${promptId}-count`}
                  aria-invalid={tooLong || undefined}
                  data-testid="prompt"
                />
                <div className={styles.formRow}>
                  <span
                    id={`${promptId}-count`}
                    className={`${styles.counter} ${tooLong ? styles.counterOver : ""}`}
                    data-testid="char-count"
                  >
                    {t("charCount", { count: prompt.length, max: maxPromptChars })}
                  </span>
                  <SubmitButton
                    pending={busy === "submit"}
                    aria-disabled={busy !== null || waitSeconds > 0 || tooLong || undefined}
                  >
                    {t(me.team === "red" ? "submitAttack" : "submitDefense")}
                  </SubmitButton>
                </div>
              </form>
            ) : null}
            {busy === "submit" ? (
              <p role="status" className="cluster" data-testid="submit-progress">
                <Spinner /> {t(me?.team === "blue" ? "progressBlue" : "progressRed", { seconds: elapsed })}
              </p>
            ) : null}
            {problem ? (
              <Alert tone="error" data-testid="submit-problem">
                <p style={{ margin: 0 }}>{problem.message}</p>
                {problem.failingPrompt ? (
                  <p style={{ margin: 0 }} data-testid="failing-prompt">
                    <strong>{t("failingPrompt")}</strong> {problem.failingPrompt}
                  </p>
                ) : null}
                {waitSeconds > 0 ? (
                  <p style={{ margin: 0 }}>{t("retryIn", { wait: formatWait(waitSeconds) })}</p>
                ) : null}
              </Alert>
            ) : null}
            {result ? (
              <SubmissionResult
                result={result}
                polling={polling}
                categoryNames={categoryNames}
                secretName={secretName}
              />
            ) : null}
          </>
        )}
      </section>

      {signedIn && me ? (
        <MyPairings
          headingId={`${promptId}-pairings`}
          pairings={pairings}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          categoryNames={categoryNames}
          secretName={secretName}
        />
      ) : null}

      {standings}
    </div>
  );
}
