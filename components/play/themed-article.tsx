import type { CSSProperties, ReactNode } from "react";
import type { SanitizedTheme } from "@/lib/theme";
import { themeScheme } from "@/lib/theme/contrast";
import styles from "./play.module.css";

/** A player page dressed in its record's renderable theme (custom properties, light or dark scheme). */
export function ThemedArticle({
  theme,
  testId,
  children,
}: {
  theme: SanitizedTheme;
  testId: string;
  children: ReactNode;
}) {
  return (
    <article
      className={styles.themed}
      style={theme as CSSProperties}
      data-scheme={themeScheme(theme) ?? undefined}
      data-testid={testId}
    >
      {children}
    </article>
  );
}
