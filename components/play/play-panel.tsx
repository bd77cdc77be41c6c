"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import type { AttemptResult } from "@/lib/contracts/attempts";
import { formatWait, withoutWait } from "@/lib/time/wait";
import { ClaimBox } from "./claim-box";
import { formatDuration } from "./format";
import type { LadderLinks } from "./ladder-types";
import { RefusalLine, WinReveal } from "./win-reveal";
import { readPlayerEvents } from "./sse";
import { bringIntoView } from "./bring-into-view";
import { TokenCounter } from "./token-counter";
import styles from "./play-panel.module.css";
import playStyles from "./play.module.css";

type Phase = "idle" | "running" | "done";

/** Coarse progress the attempt stream reports (`progress` events). */
type Stage = "answering" | "checking" | { done: number; runs: number };

interface Problem {
  message: string;
  retryAt?: number;
  outOfAttempts?: boolean;
}

const PROMPT_MAX_LENGTH = 4000;

export function PlayPanel({
  challengeId,
  initialAttemptsLeft,
  initialCooldownUntil,
  ladder = null,
  allowClaims = false,
  countTokens = false,
  claimLogin = null,
}: {
  challengeId: string;
  initialAttemptsLeft: number | null;
  initialCooldownUntil: string | null;
  /** On a ladder level: where "Next level →" goes after a win. */
  ladder?: LadderLinks | null;
  /** The challenge takes password claims (the guess box). */
  allowClaims?: boolean;
  /** The board ranks by fewest tokens: show the live token counter. */
  countTokens?: boolean;
  /** A guest cannot claim: instead of the box, a link to log in and come back here. */
  claimLogin?: ReactNode;
}) {
  const t = useTranslations("player.play");
  const tl = useTranslations("playLoop.play");
  const router = useRouter();
  const promptId = useId();
  const hintId = `${promptId}-hint`;
  const formRef = useRef<HTMLFormElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [prompt, setPrompt] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [answer, setAnswer] = useState("");
  const [chunks, setChunks] = useState(0);
  const [stage, setStage] = useState<Stage | null>(null);
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState(initialAttemptsLeft);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(
    initialCooldownUntil ? new Date(initialCooldownUntil).getTime() : null,
  );

  const waitUntil = Math.max(cooldownUntil ?? 0, problem?.retryAt ?? 0);
  const now = useNow(waitUntil > Date.now());
  const waitSeconds = waitUntil > now ? Math.ceil((waitUntil - now) / 1000) : 0;
  // A rate-limit refusal counts its wait down and goes away at zero, when Send works again.
  const problemWait =
    problem?.retryAt && problem.retryAt > now ? Math.ceil((problem.retryAt - now) / 1000) : 0;
  const shownProblem = problem?.retryAt && problemWait === 0 ? null : problem;
  // Successful plays so far: a claim box's refusal belongs to the play before the latest success.
  const [successes, setSuccesses] = useState(0);
  const outOfAttempts = attemptsLeft === 0;
  const blocked = phase === "running" || waitSeconds > 0 || outOfAttempts;

  // The verdict and what to do next land in view once the result is in (the page scrolls only
  // when part of them is off screen, and without animation under reduced motion).
  useEffect(() => {
    if (result && outcomeRef.current) bringIntoView(outcomeRef.current);
  }, [result]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blocked) return;
    if (prompt.trim() === "") {
      setProblem({ message: t("emptyPrompt") });
      return;
    }
    setPhase("running");
    setAnswer("");
    setChunks(0);
    setStage(null);
    setResult(null);
    setProblem(null);
    try {
      const res = await fetch(`/web/api/challenges/${encodeURIComponent(challengeId)}/attempts`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify({ prompt }),
      });
      if (!res.ok || !res.body) {
        const p = await problemFrom(res);
        if (p.outOfAttempts) setAttemptsLeft(0);
        setProblem(p);
        setPhase("idle");
        return;
      }
      // The player's view of the run: progress, the answer's text (streamed only when nothing in
      // the challenge's workflow can withhold it, else once final), then the attempt. What is
      // shown is never taken back, so a withheld answer never flashes on the page.
      let final: AttemptResult | null = null;
      for await (const event of readPlayerEvents(res.body)) {
        if (event.type === "progress") {
          setStage(event.stage);
        } else if (event.type === "answer_delta") {
          setAnswer((a) => a + event.delta);
          setChunks((n) => n + 1);
        } else if (event.type === "reproducing") {
          setStage({ done: event.done, runs: event.runs });
        } else if (event.type === "answer") {
          setAnswer(event.text);
        } else if (event.type === "attempt") {
          final = event.result as AttemptResult;
        } else if (event.type === "error") {
          setProblem({ message: event.message ?? t("genericError") });
        }
      }
      if (final) {
        setResult(final);
        if (final.answer !== null) setAnswer(final.answer);
        setAttemptsLeft(final.attempts_left);
        setCooldownUntil(final.cooldown_until ? new Date(final.cooldown_until).getTime() : null);
        setProblem((p) => (p?.retryAt ? null : p));
        setSuccesses((n) => n + 1);
      } else {
        setProblem((p) => p ?? { message: t("streamCut") });
      }
      setPhase("done");
      router.refresh();
    } catch {
      setProblem({ message: t("networkError") });
      setPhase("idle");
    }
  }

  async function problemFrom(res: Response): Promise<Problem> {
    let message = t("genericError");
    let reason: string | undefined;
    try {
      const body = (await res.json()) as { error?: { message?: string; details?: { reason?: string } } };
      if (body.error?.message) message = body.error.message;
      reason = body.error?.details?.reason;
    } catch {
      // not JSON: keep the generic message
    }
    if (res.status === 401) return { message: t("sessionExpired") };
    // 403 attempts_exhausted: every allowed attempt is used (final, nothing to wait for).
    if (reason === "max_attempts") return { message, outOfAttempts: true };
    if (res.status === 429) {
      const seconds = Number(res.headers.get("retry-after"));
      if (Number.isFinite(seconds) && seconds > 0) {
        // The reason alone: the wait is counted down live where the message is shown.
        return { message: withoutWait(message), retryAt: Date.now() + seconds * 1000 };
      }
    }
    return { message };
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter adds a line; never while an IME is composing.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  return (
    <div className={`${playStyles.panel} ${styles.playPanel}`}>
      {/* The label "Prompt" says what the box is; the section heading stays for screen readers. */}
      <h2 className="visually-hidden">{t("heading")}</h2>
      <div className={styles.playGrid}>
        <div className={styles.playForm}>
          <form
            ref={formRef}
            onSubmit={(e) => void submit(e)}
            className={styles.promptForm}
            aria-busy={phase === "running" || undefined}
          >
            <label htmlFor={promptId} className={styles.promptLabel}>
              {t("promptLabel")}
            </label>
            <textarea
              ref={promptRef}
              id={promptId}
              name="prompt"
              className={styles.textarea}
              value={prompt}
              maxLength={PROMPT_MAX_LENGTH}
              onChange={(e) => setPrompt(e.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={hintId}
              required
              rows={4}
            />
            <div className={styles.formRow}>
              <p className={styles.allowance} data-testid="allowance">
                {attemptsLeft === null ? t("unlimited") : t("attemptsLeft", { count: attemptsLeft })}
                {waitSeconds > 0 ? (
                  <>
                    {" · "}
                    <span data-testid="cooldown">{t("cooldown", { wait: formatWait(waitSeconds) })}</span>
                  </>
                ) : null}
              </p>
              <SubmitButton
                pending={phase === "running"}
                aria-disabled={blocked || undefined}
                className={playStyles.accentButton}
              >
                {t("submit")}
              </SubmitButton>
            </div>
            <p id={hintId} className={styles.promptHint}>
              {t("promptHint")}
            </p>
            {countTokens ? <TokenCounter prompt={prompt} counted={result?.tokens_total ?? null} /> : null}
          </form>
          {shownProblem ? (
            <Alert tone="error" data-testid="play-problem">
              {shownProblem.message}
              {shownProblem.retryAt ? (
                // Announced once with the message, not on every tick.
                <span aria-live="off" data-testid="play-retry">
                  {" "}
                  {t("retryIn", { wait: formatWait(problemWait) })}
                </span>
              ) : null}
            </Alert>
          ) : null}
        </div>

        <div className={styles.playResult}>
          {phase !== "idle" || answer ? (
            <section aria-labelledby={`${promptId}-answer`} className={styles.answerBlock}>
              <h3 id={`${promptId}-answer`} className={styles.answerLabel}>
                {t("answerHeading")}
                {phase === "running" ? (
                  <>
                    <Spinner />
                    <span className="visually-hidden">{t("streaming")}</span>
                  </>
                ) : null}
              </h3>
              {phase === "running" && stage ? (
                <p
                  className={styles.progress}
                  role="status"
                  data-testid="progress"
                  data-stage={typeof stage === "string" ? stage : "reproducing"}
                >
                  {typeof stage !== "string"
                    ? t("progressReproducing", stage)
                    : stage === "checking"
                      ? t("progressChecking")
                      : t("progressAnswering")}
                </p>
              ) : null}
              <pre className={styles.answer} data-testid="answer" data-chunks={chunks} data-phase={phase}>
                {answer || (phase === "running" ? t("waiting") : t("noAnswer"))}
              </pre>
            </section>
          ) : (
            <p className={styles.answerPlaceholder}>{tl("answerPlaceholder")}</p>
          )}
          {result ? (
            <div ref={outcomeRef} className={styles.outcome} data-testid="play-outcome">
              <Verdict result={result} onTryAgain={outOfAttempts ? null : () => promptRef.current?.focus()} />
              <WinReveal result={result} ladder={ladder} />
            </div>
          ) : null}
        </div>

        {allowClaims ? (
          <div className={styles.playClaim}>
            {claimLogin ? (
              claimLogin
            ) : (
              <ClaimBox
                challengeId={challengeId}
                ladder={ladder}
                successes={successes}
                onClaimed={() => setProblem((p) => (p?.retryAt ? null : p))}
              />
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Verdict({ result, onTryAgain }: { result: AttemptResult; onTryAgain: (() => void) | null }) {
  const t = useTranslations("player.play");
  const tl = useTranslations("playLoop.play");
  const tone =
    result.status === "errored"
      ? "error"
      : result.status === "judge_error"
        ? "warning"
        : result.succeeded
          ? "success"
          : "warning";
  const title =
    result.status === "errored"
      ? t("verdictErrored")
      : result.status === "judge_error"
        ? t("verdictJudgeError")
        : result.succeeded
          ? t("verdictSuccess")
          : t("verdictFail");
  return (
    <div data-testid="verdict" data-status={result.status} data-succeeded={result.succeeded}>
      <Alert tone={tone} title={title}>
        <p>{result.message}</p>
        <RefusalLine result={result} />
        {/* A grader failure's message is its feedback: say it once. */}
        {result.judge_feedback && result.judge_feedback !== result.message ? (
          <p data-testid="feedback">
            <strong>{t("feedback")}</strong> {result.judge_feedback}
          </p>
        ) : null}
        <dl className={styles.resultFacts}>
          {result.judge_rating !== null ? (
            <div>
              <dt>{t("rating")}</dt>
              <dd>{t("ratingValue", { rating: result.judge_rating })}</dd>
            </div>
          ) : null}
          {result.tokens_total !== null ? (
            <div>
              <dt>{t("tokens")}</dt>
              <dd>{result.tokens_total}</dd>
            </div>
          ) : null}
          {result.elapsed_ms !== null ? (
            <div>
              <dt>{t("time")}</dt>
              <dd>{formatDuration(result.elapsed_ms)}</dd>
            </div>
          ) : null}
        </dl>
        {result.reproduction ? (
          <p data-testid="reproduction" data-counted={result.reproduction.counted}>
            {result.reproduction.counted ? (
              <Badge>{t("reproduced", { wins: result.reproduction.wins, runs: result.reproduction.runs })}</Badge>
            ) : (
              t("notReproduced", {
                wins: result.reproduction.wins,
                runs: result.reproduction.runs,
                needed: result.reproduction.needed,
              })
            )}
          </p>
        ) : null}
        {result.first_blood || result.personal_best ? (
          <p className="cluster">
            {result.first_blood ? <Badge>{t("firstBlood")}</Badge> : null}
            {result.personal_best && !result.first_blood ? <Badge>{t("personalBest")}</Badge> : null}
          </p>
        ) : null}
        {/* After a miss the next step is another prompt: back to the box, which keeps the last one. */}
        {!result.succeeded && onTryAgain ? (
          <Button variant="secondary" size="sm" onClick={onTryAgain} data-testid="try-again">
            {tl("tryAgain")}
          </Button>
        ) : null}
      </Alert>
    </div>
  );
}
