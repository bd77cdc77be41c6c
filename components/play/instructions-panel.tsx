import { SafeMarkdown } from "@/components/markdown/markdown";
import styles from "./play.module.css";

/** A player page's instructions (creator Markdown, sanitised); nothing when there are none. */
export function InstructionsPanel({
  markdown,
  heading,
  headingId,
  imageHosts,
}: {
  markdown: string | null;
  heading: string;
  headingId: string;
  /** The hosts Markdown images may load from. */
  imageHosts: readonly string[];
}) {
  if (!markdown) return null;
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId}>{heading}</h2>
      <SafeMarkdown imageHosts={imageHosts}>{markdown}</SafeMarkdown>
    </section>
  );
}
