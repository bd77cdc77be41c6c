"use client";

import { useTranslations } from "next-intl";
import { nodeDefinitions, type NodeType } from "@/lib/workflow/registry";
import styles from "./panels.module.css";

export const DRAG_MIME = "application/x-gauntlet-node-type";

const CATEGORY_ORDER = ["io", "model", "evaluation", "logic"] as const;

/**
 * The node registry as a strip above the canvas: drag an entry onto the canvas (the node lands where
 * it is dropped), or press it (click, Enter or Space) to add the node on a free spot in view, right
 * of the selected node if there is one. Singletons already on the canvas are disabled.
 */
export function Palette({
  present,
  onAdd,
}: {
  present: ReadonlySet<string>;
  onAdd: (type: NodeType) => void;
}) {
  const t = useTranslations("builder");
  return (
    <nav className={styles.palette} aria-label={t("palette.title")}>
      <h2 className={styles.paletteTitle}>{t("palette.title")}</h2>
      <p className={styles.paletteHint}>{t("palette.hint")}</p>
      {CATEGORY_ORDER.map((category) => (
        <div key={category} className={styles.paletteGroup}>
          <h3>{t(`palette.categories.${category}`)}</h3>
          <ul>
            {nodeDefinitions
              .filter((d) => d.category === category)
              .map((d) => {
                const disabled = Boolean(d.singleton && present.has(d.type));
                return (
                  <li key={d.type}>
                    <button
                      type="button"
                      className={styles.paletteItem}
                      draggable={!disabled}
                      disabled={disabled}
                      data-testid={`palette-${d.type}`}
                      aria-label={t("palette.add", { label: t(`nodeTypes.${d.type}.label`) })}
                      title={disabled ? t("palette.singleton") : t(`nodeTypes.${d.type}.description`)}
                      onDragStart={(e) => {
                        e.dataTransfer.setData(DRAG_MIME, d.type);
                        e.dataTransfer.effectAllowed = "move";
                      }}
                      onClick={() => onAdd(d.type)}
                    >
                      {t(`nodeTypes.${d.type}.label`)}
                    </button>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
