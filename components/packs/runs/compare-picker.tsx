"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "@/components/console/fields";
import { Button } from "@/components/ui/button";
import runStyles from "./runs.module.css";

export interface RunChoice {
  id: string;
  label: string;
  models: string[];
}

export interface CompareSelection {
  a: string;
  b: string;
  aModel: string;
  bModel: string;
}

/**
 * Picks the two runs (a GET form: the page reads ?a=&b=&a_model=&b_model=) and, for a run with
 * several models, which of its models to compare; the model lists follow the chosen run.
 */
export function ComparePicker({
  action,
  runs,
  selected,
}: {
  action: string;
  runs: RunChoice[];
  selected: CompareSelection;
}) {
  const t = useTranslations("consolePages.packRuns");
  const [a, setA] = useState(selected.a);
  const [b, setB] = useState(selected.b);
  const modelsOf = (id: string) => runs.find((r) => r.id === id)?.models ?? [];
  const runOptions = runs.map((r) => ({ value: r.id, label: r.label }));
  const modelField = (side: "a" | "b", run: string, current: string) => {
    const models = modelsOf(run);
    if (models.length < 2) return null;
    return (
      <SelectField
        key={`${side}-${run}`}
        id={`compare-${side}-model`}
        name={`${side}_model`}
        label={side === "a" ? t("compareModelA") : t("compareModelB")}
        defaultValue={models.includes(current) ? current : models[0]}
        options={models.map((m) => ({ value: m, label: m }))}
      />
    );
  };
  return (
    <form method="get" action={action} className={runStyles.inlineForm} aria-label={t("compareTitle")}>
      <SelectField
        id="compare-a"
        name="a"
        label={t("compareA")}
        value={a}
        onChange={(e) => setA(e.currentTarget.value)}
        options={runOptions}
      />
      {modelField("a", a, selected.aModel)}
      <SelectField
        id="compare-b"
        name="b"
        label={t("compareB")}
        value={b}
        onChange={(e) => setB(e.currentTarget.value)}
        options={runOptions}
      />
      {modelField("b", b, selected.bModel)}
      <CompareButton label={t("compare")} />
    </form>
  );
}

/** The submit button of a compare form. */
export function CompareButton({ label }: { label: string }) {
  return (
    <div>
      <Button type="submit" variant="secondary">
        {label}
      </Button>
    </div>
  );
}
