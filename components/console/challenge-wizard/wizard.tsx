"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { createChallengeAction } from "@/app/console/[workspace]/challenges/actions";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ChallengeFormValues, PluginOption } from "../challenge-defaults";
import styles from "../console.module.css";
import { FormStatus } from "../form-status";
import { submitWithoutReset } from "../submit-without-reset";
import { LooksFields } from "./extra-fields";
import { BasicsStep, PlayStep, SecretStep, StartStep, type TemplateCard } from "./steps";
import { ReviewStep } from "./review";
import w from "./wizard.module.css";

// The new-challenge form in five steps: start (a template or blank), basics, the secret and the
// success rule, play settings, review. One form holds every field (hidden steps still submit);
// the server action's field errors send the creator to the first step that has one.

const STEPS = ["start", "basics", "secret", "play", "review"] as const;
type Step = (typeof STEPS)[number];

const FIELD_STEP: Record<string, Step> = {
  template: "start",
  name: "basics",
  goal: "basics",
  description: "basics",
  difficulty: "basics",
  points: "basics",
  secret: "secret",
  secret_ref: "secret",
  evaluator_type: "secret",
  success_type: "secret",
  success_pattern: "secret",
  evaluator_plugin_id: "secret",
  evaluator_entrypoint: "secret",
  evaluator_config: "secret",
  mask_variables: "secret",
};
/** The step a field error belongs to (play settings hold the rest of the form's fields). */
export const stepOfField = (field: string): Step =>
  FIELD_STEP[field.split(".")[0]!] ?? (field === "_form" ? "review" : "play");

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
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  const [handledAt, setHandledAt] = useState<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const serverErrors = state.fieldErrors ?? {};
  const e: Record<string, string[] | undefined> = { ...serverErrors, ...local };
  const stepsWithErrors = new Set(
    Object.keys(e)
      .filter((k) => (e[k]?.length ?? 0) > 0)
      .map(stepOfField),
  );

  // A new refusal from the server: show the first step that has a field error.
  if (state.at !== handledAt) {
    setHandledAt(state.at);
    const first = STEPS.findIndex((s) => Object.keys(serverErrors).some((k) => stepOfField(k) === s));
    if (first >= 0 && first !== step) {
      moved.current = true;
      setStep(first);
    }
  }

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [step]);

  const go = (to: number) => {
    if (to === STEPS.indexOf("review") && formRef.current) setSnapshot(new FormData(formRef.current));
    moved.current = true;
    setStep(to);
  };

  const input = (name: string) =>
    formRef.current?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

  /** Basics are required before leaving step 2 (the server checks everything again). */
  const next = () => {
    if (STEPS[step] === "basics") {
      const missing: Record<string, string[]> = {};
      for (const name of ["name", "goal"]) if (!input(name)?.value.trim()) missing[name] = [t("required")];
      setLocal(missing);
      if (Object.keys(missing).length > 0) {
        input(Object.keys(missing)[0]!)?.focus();
        return;
      }
    }
    go(Math.min(step + 1, STEPS.length - 1));
  };

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

  const submit = submitWithoutReset(action);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a field of an earlier step moves on instead of creating the challenge.
    if (STEPS[step] !== "review") {
      event.preventDefault();
      next();
      return;
    }
    submit(event);
  };

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
        <FormStatus state={state} />
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
