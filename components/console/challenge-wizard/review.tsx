"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import w from "./wizard.module.css";

// The wizard's last step: what the creator entered, each part with a way back to its step.

export function ReviewStep({
  data,
  templateName,
  onEdit,
}: {
  data: FormData | null;
  templateName: string;
  onEdit: (step: string) => void;
}) {
  const t = useTranslations("consolePages.challengeWizard");
  const tf = useTranslations("consolePages.challengeForm");
  if (!data) return null;
  const v = (name: string) => {
    const x = data.get(name);
    return typeof x === "string" ? x.trim() : "";
  };
  const guests =
    data.get("allow_guests") === "on"
      ? data.get("guests_on_boards") === "on"
        ? t("reviewGuestsBoards")
        : t("reviewGuestsPlay")
      : t("reviewGuestsNone");
  const rows: { label: string; value: string; step: string }[] = [
    { label: t("reviewTemplate"), value: templateName, step: "start" },
    { label: tf("name"), value: v("name"), step: "basics" },
    { label: tf("goal"), value: v("goal"), step: "basics" },
    {
      label: tf("difficulty"),
      value: v("difficulty") ? tf(`difficulties.${v("difficulty")}` as "difficulties.easy") : "",
      step: "basics",
    },
    { label: tf("points"), value: v("points"), step: "basics" },
    {
      label: t("reviewSecret"),
      value: v("secret") ? t("reviewSecretTyped") : v("secret_ref") || t("reviewSecretNone"),
      step: "secret",
    },
    {
      label: tf("evaluatorType"),
      value: v("evaluator_type") ? tf(`evaluatorTypes.${v("evaluator_type")}` as "evaluatorTypes.rules") : "",
      step: "secret",
    },
    { label: tf("maxAttempts"), value: v("max_attempts") || t("reviewUnlimited"), step: "play" },
    { label: tf("cooldown"), value: v("cooldown_seconds") || "0", step: "play" },
    {
      label: tf("reproduceRuns"),
      value: v("reproduce_runs")
        ? tf("reproduceSummary", { runs: v("reproduce_runs"), wins: v("reproduce_wins") || v("reproduce_runs") })
        : tf("reproduceOff"),
      step: "play",
    },
    { label: t("reviewGuests"), value: guests, step: "play" },
  ];
  return (
    <dl className={w.review} data-testid="wizard-review">
      {rows.map((r) => (
        <div key={r.label} className={w.reviewRow}>
          <dt>{r.label}</dt>
          <dd>{r.value || "—"}</dd>
          <dd>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(r.step)}
              aria-label={`${t("edit")}: ${r.label}`}
            >
              {t("edit")}
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
