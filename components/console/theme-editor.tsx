"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState, type CSSProperties } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import fieldStyles from "@/components/ui/field.module.css";
import { sanitizeTheme, sanitizeThemeValue, THEME_TOKENS, type ThemeToken } from "@/lib/theme";
import { completeTheme, themeScheme } from "@/lib/theme/contrast";
import { validateTheme } from "@/lib/theme/validate";
import { AssetUpload } from "./asset-upload";
import styles from "./console.module.css";
import themeStyles from "./theme-editor.module.css";
import { TextAreaField } from "./fields";

const TOKENS = Object.keys(THEME_TOKENS) as ThemeToken[];
const VARIABLE_TO_TOKEN = new Map<string, ThemeToken>(TOKENS.map((t) => [THEME_TOKENS[t].variable, t]));

/** Stored themes are keyed by CSS variable; the editor shows the friendlier token names. */
function toAuthorTheme(stored: Record<string, string> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored ?? {})) out[VARIABLE_TO_TOKEN.get(key) ?? key] = value;
  return out;
}

function parse(text: string): { value: Record<string, unknown> | null; error: "json" | "object" | null } {
  if (text.trim() === "") return { value: {}, error: null };
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return { value: v as Record<string, unknown>, error: null };
    return { value: null, error: "object" };
  } catch {
    return { value: null, error: "json" };
  }
}

/**
 * The theme as JSON (what is saved) plus one field per whitelisted variable, both editing the
 * same object, and a live preview rendered with the same sanitizer as the player pages.
 * Properties outside the whitelist are reported at once; the server refuses them on save.
 */
export function ThemeEditor({
  id = "theme-json",
  workspace,
  initial,
  error,
  onChange,
}: {
  id?: string;
  workspace: string;
  initial: Record<string, string> | null;
  error?: string[] | undefined;
  onChange?: () => void;
}) {
  const t = useTranslations("consolePages.theme");
  const [text, setText] = useState(() => {
    const author = toAuthorTheme(initial);
    return Object.keys(author).length > 0 ? JSON.stringify(author, null, 2) : "";
  });
  const parsed = useMemo(() => parse(text), [text]);
  const issues = useMemo(() => {
    if (parsed.error === "json") return [t("invalidJson")];
    if (parsed.error === "object") return [t("notObject")];
    const res = validateTheme(parsed.value);
    return res.ok ? [] : res.issues.map((i) => i.message);
  }, [parsed, t]);
  const style = useMemo(() => completeTheme(sanitizeTheme(parsed.value ?? {})), [parsed]);
  const scheme = useMemo(() => themeScheme(style), [style]);

  function update(next: string) {
    setText(next);
    onChange?.();
  }

  function setToken(token: ThemeToken, value: string) {
    const base = parsed.value ?? {};
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(base)) {
      if (k !== token && k !== THEME_TOKENS[token].variable) next[k] = v;
    }
    if (value !== "") next[token] = value;
    update(Object.keys(next).length > 0 ? JSON.stringify(next, null, 2) : "");
  }

  const tokenValue = (token: ThemeToken): string => {
    const v = parsed.value?.[token] ?? parsed.value?.[THEME_TOKENS[token].variable];
    return typeof v === "string" ? v : "";
  };

  return (
    <div className="stack">
      <div className={styles.split}>
        <div className="stack">
          <div className={themeStyles.tokenGrid}>
            {TOKENS.map((token) => {
              const kind = THEME_TOKENS[token].kind;
              const fieldId = `${id}-${token}`;
              return (
                <div key={token} className={fieldStyles.field}>
                  <label htmlFor={fieldId} className={fieldStyles.label}>
                    {t(`tokens.${token}`)}
                  </label>
                  <div className={themeStyles.swatchRow}>
                    {kind === "color" ? (
                      <span
                        className={themeStyles.swatch}
                        style={{ background: sanitizeThemeValue("color", tokenValue(token)) ?? "transparent" }}
                        aria-hidden="true"
                      />
                    ) : null}
                    <Input
                      id={fieldId}
                      value={tokenValue(token)}
                      placeholder={t(`placeholders.${kind}`)}
                      disabled={parsed.value === null}
                      onChange={(event) => setToken(token, event.target.value)}
                    />
                  </div>
                  {kind === "image" ? (
                    <AssetUpload
                      workspace={workspace}
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      label={t("uploadBackground")}
                      onUploaded={(asset) => setToken(token, `url("${asset.url}")`)}
                    />
                  ) : null}
                </div>
              );
            })}
          </div>
          <TextAreaField
            id={id}
            name="theme"
            label={t("jsonLabel")}
            hint={t("jsonHint", { tokens: TOKENS.join(", ") })}
            rows={8}
            mono
            spellCheck={false}
            value={text}
            onChange={(event) => update(event.target.value)}
            error={error}
          />
          {issues.length > 0 ? (
            <ul className={styles.issues} aria-live="polite" data-testid="theme-issues">
              {issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : null}
          {text !== "" ? (
            <div>
              <Button variant="ghost" size="sm" onClick={() => update("")}>
                {t("reset")}
              </Button>
            </div>
          ) : null}
        </div>
        <section aria-label={t("previewLabel")} className="stack">
          <p className={styles.previewTitle} aria-hidden="true">
            {t("previewLabel")}
          </p>
          <div
            className={themeStyles.themePreview}
            style={style as CSSProperties}
            data-scheme={scheme ?? undefined}
            data-testid="theme-preview"
          >
            <h3>{t("previewHeading")}</h3>
            <div className={themeStyles.themePreviewCard}>
              <p className={themeStyles.themePreviewMuted}>{t("previewText")}</p>
              <span className={themeStyles.themePreviewButton}>{t("previewButton")}</span>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
