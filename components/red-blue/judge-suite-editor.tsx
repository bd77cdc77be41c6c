"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import fieldStyles from "@/components/ui/field.module.css";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TextAreaField } from "@/components/console/fields";
import { BUILTIN_CATEGORIES, type JudgeCategory } from "@/lib/contracts/red-blue";
import styles from "./red-blue.module.css";

interface Row {
  uid: number;
  key: string;
  name: string;
  rubric: string;
}

let nextUid = 1;
const row = (c: { key: string; name?: string; rubric?: string }): Row => ({
  uid: nextUid++,
  key: c.key,
  name: c.name ?? "",
  rubric: c.rubric ?? "",
});

/**
 * The judge suite: categories with a key, a name and a rubric. Built-in categories can be added
 * with one click (their rubric is filled in and may be edited); any other key needs a rubric.
 * Submitted as JSON in the hidden field `judge_suite` (the contract's judgeSuiteSchema).
 */
export function JudgeSuiteEditor({
  initial,
  error,
}: {
  initial: JudgeCategory[];
  error?: string[] | undefined;
}) {
  const t = useTranslations("consolePages.redBlue.suite");
  // A built-in category keeping its built-in name and rubric is shown with empty fields (the
  // built-in text as placeholder), so it follows the built-in rubric.
  const [rows, setRows] = useState<Row[]>(() =>
    initial.map((c) => {
      const builtin = BUILTIN_CATEGORIES[c.key];
      return row({
        key: c.key,
        name: builtin && c.name === builtin.name ? "" : c.name,
        rubric: builtin && c.rubric === builtin.rubric ? "" : c.rubric,
      });
    }),
  );
  const present = new Set(rows.map((r) => r.key));
  const missing = Object.entries(BUILTIN_CATEGORIES).filter(([key]) => !present.has(key));
  const update = (uid: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.uid === uid ? { ...r, ...patch } : r)));
  const value = JSON.stringify(
    rows.map((r) => ({
      key: r.key.trim(),
      ...(r.name.trim() ? { name: r.name.trim() } : {}),
      ...(r.rubric.trim() ? { rubric: r.rubric.trim() } : {}),
    })),
  );
  const errors = (error ?? []).filter(Boolean);
  return (
    <div className="stack" data-testid="judge-suite-editor">
      <input type="hidden" name="judge_suite" value={value} />
      {rows.length === 0 ? <p className="muted">{t("empty")}</p> : null}
      <ol className={styles.suite}>
        {rows.map((r, i) => (
          <li key={r.uid} className={styles.suiteItem} data-testid="suite-category">
            <Field
              id={`suite-key-${r.uid}`}
              label={t("key", { n: i + 1 })}
              value={r.key}
              maxLength={40}
              onChange={(e) => update(r.uid, { key: e.target.value })}
            />
            <Field
              id={`suite-name-${r.uid}`}
              label={t("name", { n: i + 1 })}
              value={r.name}
              maxLength={80}
              placeholder={BUILTIN_CATEGORIES[r.key.trim()]?.name ?? ""}
              onChange={(e) => update(r.uid, { name: e.target.value })}
            />
            <TextAreaField
              id={`suite-rubric-${r.uid}`}
              label={t("rubric", { n: i + 1 })}
              hint={BUILTIN_CATEGORIES[r.key.trim()] ? t("rubricBuiltinHint") : t("rubricHint")}
              rows={2}
              maxLength={2000}
              value={r.rubric}
              placeholder={BUILTIN_CATEGORIES[r.key.trim()]?.rubric ?? ""}
              onChange={(e) => update(r.uid, { rubric: e.target.value })}
            />
            <div className={styles.suiteRemove}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRows((rs) => rs.filter((x) => x.uid !== r.uid))}
              >
                {t("remove", { key: r.key || t("unnamed") })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.builtins} aria-label={t("addBuiltin")} role="group">
        {missing.map(([key, c]) => (
          <Button
            key={key}
            variant="secondary"
            size="sm"
            onClick={() => setRows((rs) => [...rs, row({ key })])}
            disabled={rows.length >= 12}
          >
            {t("addOne", { name: c.name, key })}
          </Button>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((rs) => [...rs, row({ key: "" })])}
          disabled={rows.length >= 12}
        >
          {t("addCustom")}
        </Button>
      </div>
      {errors.length > 0 ? (
        <p id="judge-suite-error" className={fieldStyles.error} role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
