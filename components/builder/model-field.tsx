"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { getAt, type ConfigPath } from "./config-model";
import { SelectBox, TextField } from "./fields";
import type { BuilderModelOption, NodeEditorContext } from "./types";

const CUSTOM = "\u0000custom";

/** The options grouped as the page sent them (offline models, then one group per provider). */
export function groupModels(
  models: readonly BuilderModelOption[],
): { group: string; models: BuilderModelOption[] }[] {
  const groups: { group: string; models: BuilderModelOption[] }[] = [];
  for (const m of models) {
    const group = m.group ?? "";
    const last = groups.find((g) => g.group === group);
    if (last) last.models.push(m);
    else groups.push({ group, models: [m] });
  }
  return groups;
}

/**
 * A model chosen from a list: the offline models and the workspace providers' models (from the
 * page), the node's default, or "Custom…" to type any reference (openai:<model>, a provider's
 * model not listed). A stored reference not in the list opens as custom.
 */
export function ModelField({
  ctx,
  path,
  label,
}: {
  ctx: NodeEditorContext;
  path: ConfigPath;
  label: string;
}) {
  const t = useTranslations("builder");
  const id = ctx.fieldId(path);
  const raw = getAt(ctx.config, path);
  const value = typeof raw === "string" ? raw : "";
  const known = ctx.options.models.some((m) => m.value === value);
  const [custom, setCustom] = useState(value !== "" && !known);
  const errors = ctx.errors(path);
  const hint = t("fields.modelHint");
  return (
    <>
      <SelectBox
        id={id}
        label={label}
        hint={hint}
        errors={errors}
        value={custom ? CUSTOM : value}
        onChange={(next) => {
          if (next === CUSTOM) {
            setCustom(true);
            requestAnimationFrame(() => document.getElementById(`${id}-custom`)?.focus());
            return;
          }
          setCustom(false);
          ctx.set(path, next === "" ? undefined : next);
        }}
      >
        <option value="">{t("fields.modelDefault")}</option>
        {groupModels(ctx.options.models).map((g) =>
          g.group ? (
            <optgroup key={g.group} label={g.group}>
              {g.models.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </optgroup>
          ) : (
            g.models.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))
          ),
        )}
        <option value={CUSTOM}>{t("fields.modelCustom")}</option>
      </SelectBox>
      {custom ? (
        <TextField
          id={`${id}-custom`}
          label={t("fields.modelCustomLabel")}
          placeholder="provider:<name>/<model>"
          value={value}
          onChange={(v) => ctx.set(path, v === "" ? undefined : v)}
        />
      ) : null}
    </>
  );
}
