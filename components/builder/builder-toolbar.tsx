"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import styles from "./builder.module.css";

export function BuilderToolbar({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  dirty,
  version,
  busy,
  pending,
  canPublish,
  onSave,
  onPublish,
  runOpen,
  runPanelId,
  onToggleRun,
  onFitView,
  onAutoLayout,
  canLayout,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  dirty: boolean;
  version: number | null;
  busy: "save" | "publish" | null;
  pending: boolean;
  canPublish: boolean;
  onSave: () => void;
  onPublish: () => void;
  /** The test-run side panel: open or not, its element id, and the button that opens/closes it. */
  runOpen: boolean;
  runPanelId: string;
  onToggleRun: () => void;
  /** Zoom and pan so every node is in view. */
  onFitView: () => void;
  /** Lay the graph out left to right without overlaps (one undo step), then fit the view. */
  onAutoLayout: () => void;
  canLayout: boolean;
}) {
  const t = useTranslations("builder");
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t("toolbar.label")}>
      <Button
        variant="secondary"
        size="sm"
        onClick={onUndo}
        disabled={!canUndo}
        title={t("toolbar.undoKeys")}
      >
        {t("toolbar.undo")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRedo}
        disabled={!canRedo}
        title={t("toolbar.redoKeys")}
      >
        {t("toolbar.redo")}
      </Button>
      <Button variant="secondary" size="sm" onClick={onFitView} disabled={!canLayout}>
        {t("toolbar.fitView")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onAutoLayout}
        disabled={!canLayout}
        title={t("toolbar.autoLayoutHint")}
      >
        {t("toolbar.autoLayout")}
      </Button>
      <span className={styles.toolbarSpacer} />
      <span className={styles.toolbarStatus} data-testid="save-status">
        {dirty ? t("toolbar.unsaved") : t("toolbar.upToDate")}
        {" · "}
        {version === null ? t("toolbar.notPublished") : t("toolbar.version", { version })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={onToggleRun}
        aria-pressed={runOpen}
        aria-controls={runPanelId}
        data-testid="toggle-run-panel"
      >
        {t("toolbar.testRun")}
      </Button>
      <Button variant="secondary" size="sm" onClick={onSave} disabled={pending}>
        {busy === "save" ? t("toolbar.saving") : t("toolbar.save")}
      </Button>
      <Button size="sm" onClick={onPublish} disabled={pending || !canPublish}>
        {busy === "publish" ? t("toolbar.publishing") : t("toolbar.publish")}
      </Button>
    </div>
  );
}
