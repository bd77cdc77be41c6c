"use client";

import { useState, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { ThemeEditor } from "./theme-editor";

/**
 * The "appearance" card of an editor: the theme editor, and a hidden `theme_dirty` flag so the
 * action saves the theme only once the author has touched it.
 */
export function ThemeCard({
  title,
  description,
  id,
  workspace,
  initial,
  error,
  children,
}: {
  title: string;
  description: string;
  id: string;
  workspace: string;
  initial: Record<string, string> | null;
  error?: string[] | undefined;
  children?: ReactNode;
}) {
  const [themeDirty, setThemeDirty] = useState(false);
  return (
    <Card title={title} description={description} headingLevel={2}>
      <input type="hidden" name="theme_dirty" value={themeDirty ? "1" : "0"} />
      <ThemeEditor id={id} workspace={workspace} initial={initial} error={error} onChange={() => setThemeDirty(true)} />
      {children}
    </Card>
  );
}
