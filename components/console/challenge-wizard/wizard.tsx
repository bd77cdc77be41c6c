"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { createChallengeAction } from "@/app/console/[workspace]/challenges/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { FormStatus } from "../form-status";
import { submitWithoutReset } from "../submit-without-reset";
import { LooksFields } from "./extra-fields";
import { BasicsStep, PlayStep, SecretStep, StartStep, type TemplateCard } from "./steps";
import { ReviewStep } from "./review";
import {
  checkWizardSteps,
  firstStepWithErrors,
  stepOfField,
  WIZARD_STEPS,
  type WizardStep,
} from "./step-checks";
import w from "./wizard.module.css";

// The new-challenge form in five steps: start (a template or blank), basics, the secret and the
// success rule, play settings, review. One form holds every field (hidden steps still submit).
// Moving forward checks the steps left behind with the server's schema (step-checks.ts): a problem
// keeps the creator on its step, with the field's message, and the field focused. A refusal from
// the server still sends the creator to the first step that has a field error, and lists each
// problem by step and field in plain words.

const STEPS = WIZARD_STEPS;
type Step = WizardStep;

/** The form's label of a field (consolePages.challengeForm), for the refusal's list. */
const FIELD_LABEL: Record<string, string> = {
  name: "name",
  goal: "goal",
  description: "description",
  difficulty: "difficulty",
  points: "points",
  secret: "secretSetLabel",
  secret_ref: "secretRef",
  evaluator_type: "evaluatorType",
  success_type: "successType",
  success_pattern: "successPattern",
  evaluator_config: "evaluatorConfig",
  evaluator_plugin_id: "evaluatorPlugin",
  mask_variables: "maskVariables",
  scoring_strategy: "scoringStrategy",
  scoring_config: "scoringConfig",
  scoring_plugin_id: "scoringPlugin",
  max_attempts: "maxAttempts",
  cooldown_seconds: "cooldown",
  reproduce_runs: "reproduceRuns",
  reproduce_wins: "reproduceWins",
  instructions_md: "instructions",
};

type State = Awaited<ReturnType<typeof createChallengeAction>>;

export function ChallengeWizard({
  workspace,
  challenge,
  plugins,
  templates,
  imageHosts,
}: {
  workspace: string;
  challenge: ChallengeFormValues;
  plugins: PluginOption[];
  templates: TemplateCard[];
  imageHosts?: readonly string[];
}) {
  const t = useTranslations("consolePages.challengeWizard");
  const tf = useTranslations("consolePages.challengeForm");
  const [state, action, pending] = useActionState(createChallengeAction, { status: "idle" } as State);
  const [step, setStep] = useState(0);
  const [template, setTemplate] = useState("");
  /** The browser's findings for the steps it checked last. */
  const [local, setLocal] = useState<Record<string, string[]>>({});
  /** Steps checked again in the browser since the server's last refusal: its errors there are stale. */
  const [rechecked, setRechecked] = useState<ReadonlySet<Step>>(new Set());
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  const [handledAt, setHandledAt] = useState<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** The field to focus once its step shows (instead of the step's heading). */
  const focusField = useRef<string | null>(null);

  const serverErrors = state.fieldErrors ?? {};
  const e: Record<string, string[] | undefined> = {
    ...Object.fromEntries(Object.entries(serverErrors).filter(([k]) => !rechecked.has(stepOfField(k)))),
    ...local,
  };
  const stepsWithErrors = new Set(
    Object.keys(e)
      .filter((k) => (e[k]?.length ?? 0) > 0)
      .map(stepOfField),
  );

  // A new refusal from the server: show the first step that has a field error, its field focused.
  if (state.at !== handledAt) {
    setHandledAt(state.at);
    setRechecked(new Set());
    setLocal({});
    const first = firstStepWithErrors(serverErrors);
    if (first !== null) {
      focusField.current = Object.keys(serverErrors).find((k) => stepOfField(k) === first) ?? null;
      moved.current = true;
      setStep(STEPS.indexOf(first));
    }
  }

  const input = (name: string) => {
    const el = formRef.current?.elements.namedItem(name);
    return el instanceof HTMLElement ? (el as HTMLInputElement | HTMLSelectElement) : null;
  };

  useEffect(() => {
    const named = focusField.current ? formRef.current?.elements.namedItem(focusField.current) : null;
    const field = named instanceof HTMLElement ? named : null;
    focusField.current = null;
    if (field && !field.closest("[hidden]")) field.focus();
    else if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [step, local, state.at]);

  /**
   * Checks the steps from the current one up to (not including) `to`. On a problem: shows the
   * first step that has one with its messages, focuses its field, and answers false.
   */
  const checkUpTo = (to: number): boolean => {
    if (to <= step || !formRef.current) return true;
    const steps = STEPS.slice(step, to);
    const errors = checkWizardSteps(steps, new FormData(formRef.current), { fromTemplate: template !== "" });
    setRechecked((before) => new Set([...before, ...steps]));
    setLocal(errors as Record<string, string[]>);
    const first = firstStepWithErrors(errors);
    if (first === null) return true;
    focusField.current = Object.keys(errors).find((k) => stepOfField(k) === first) ?? null;
    moved.current = true;
    setStep(STEPS.indexOf(first));
    return false;
  };

  const go = (to: number) => {
    if (!checkUpTo(to)) return;
    if (to === STEPS.indexOf("review") && formRef.current) setSnapshot(new FormData(formRef.current));
    moved.current = true;
    setStep(to);
  };

  const next = () => go(Math.min(step + 1, STEPS.length - 1));

  /** Picking a template fills the basics it suggests, unless the creator already changed them. */
  const pick = (id: string) => {
    const before = templates.find((x) => x.id === template)?.defaults;
    const after = templates.find((x) => x.id === id)?.defaults;
    const initial = {
      name: challenge.name,
      goal: challenge.goal,
      description: challenge.description ?? "",
      difficulty: challenge.difficulty,
      points: String(challenge.points),
    };
    for (const key of ["name", "goal", "description", "difficulty", "points"] as const) {
      const el = input(key);
      if (!el) continue;
      const was = before ? String(before[key]) : initial[key];
      if (el.value === was || el.value.trim() === "") el.value = after ? String(after[key]) : initial[key];
    }
    setTemplate(id);
  };

  const fieldLabel = (field: string) => {
    const key = FIELD_LABEL[field.split(".")[0]!];
    return key ? tf(key as "name") : field.replaceAll("_", " ");
  };
  /** From the refusal's list: to the step, its field focused. */
  const jumpTo = (s: Step, field: string) => {
    focusField.current = field;
    moved.current = true;
    setStep(STEPS.indexOf(s));
    setLocal((l) => ({ ...l }));
  };

  const submit = submitWithoutReset(action);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a field of an earlier step moves on instead of creating the challenge.
    if (STEPS[step] !== "review") {
      event.preventDefault();
      next();
      return;
    }
    // Every step once more before the form goes (the step list lets the creator skip ahead).
    if (!checkUpTo(STEPS.length)) {
      event.preventDefault();
      return;
    }
    submit(event);
  };

  const refusal = state.status === "error" ? Object.entries(serverErrors) : [];
  const current = STEPS[step]!;
  const templateName = templates.find((x) => x.id === template)?.name ?? t("blankName");
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="stack-lg"
      aria-busy={pending || undefined}
      data-testid="challenge-form"
    >
      <input type="hidden" name="workspace" value={workspace} />
      <nav aria-label={t("steps")}>
        <ol className={w.steps}>
          {STEPS.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                className={w.step}
                aria-current={i === step ? "step" : undefined}
                data-error={stepsWithErrors.has(s) || undefined}
                onClick={() => go(i)}
              >
                <span className={w.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <span>{t(`stepNames.${s}`)}</span>
                {stepsWithErrors.has(s) ? (
                  <span className="visually-hidden">{t("stepHasErrors", { step: t(`stepNames.${s}`) })}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <p className="muted">{t("stepOf", { n: step + 1, total: STEPS.length })}</p>

      <Panel
        id="start"
        current={current}
        title={t("startTitle")}
        lead={t("startLead")}
        headingRef={headingRef}
      >
        <StartStep templates={templates} template={template} onPick={pick} />
      </Panel>
      <Panel id="basics" current={current} title={t("basicsTitle")} headingRef={headingRef}>
        <BasicsStep c={challenge} e={e} />
      </Panel>
      <Panel
        id="secret"
        current={current}
        title={t("secretTitle")}
        lead={t("secretLead")}
        headingRef={headingRef}
      >
        <SecretStep c={challenge} e={e} plugins={plugins} fromTemplate={template !== ""} />
      </Panel>
      <Panel id="play" current={current} title={t("playTitle")} headingRef={headingRef}>
        <PlayStep c={challenge} e={e} plugins={plugins} />
        <LooksFields c={challenge} e={e} workspace={workspace} imageHosts={imageHosts} />
      </Panel>
      <Panel
        id="review"
        current={current}
        title={t("reviewTitle")}
        lead={t("reviewLead")}
        headingRef={headingRef}
      >
        <ReviewStep
          data={snapshot}
          templateName={templateName}
          onEdit={(s) => go(STEPS.indexOf(s as Step))}
        />
      </Panel>

      <div className={styles.formFooter}>
        {refusal.length > 0 ? (
          <Alert key={state.at} tone="error" data-testid="wizard-refusal">
            <p>{t("refused")}</p>
            <ul>
              {STEPS.flatMap((s) =>
                refusal
                  .filter(([field]) => stepOfField(field) === s)
                  .map(([field, messages]) => (
                    <li key={field}>
                      <button type="button" className={w.refusalLink} onClick={() => jumpTo(s, field)}>
                        {t("refusedField", {
                          n: STEPS.indexOf(s) + 1,
                          step: t(`stepNames.${s}`),
                          field: fieldLabel(field),
                          message: (messages ?? []).join(" "),
                        })}
                      </button>
                    </li>
                  )),
              )}
            </ul>
          </Alert>
        ) : (
          <FormStatus state={state} />
        )}
        <div className="cluster">
          {step > 0 ? (
            <Button variant="secondary" onClick={() => go(step - 1)}>
              ← {t("back")}
            </Button>
          ) : null}
          {current === "review" ? (
            <SubmitButton pending={pending}>{template ? t("createFromTemplate") : tf("create")}</SubmitButton>
          ) : (
            <Button onClick={next}>{t("next")} →</Button>
          )}
        </div>
      </div>
    </form>
  );
}

function Panel({
  id,
  current,
  title,
  lead,
  headingRef,
  children,
}: {
  id: Step;
  current: Step;
  title: string;
  lead?: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  children: React.ReactNode;
}) {
  const shown = id === current;
  return (
    <section
      hidden={!shown}
      aria-labelledby={`wizard-${id}`}
      className={`${w.panel} stack`}
      data-testid={`wizard-step-${id}`}
    >
      <h2 id={`wizard-${id}`} ref={shown ? headingRef : undefined} tabIndex={-1} className={w.heading}>
        {title}
      </h2>
      {lead ? <p className="muted">{lead}</p> : null}
      {children}
    </section>
  );
}
