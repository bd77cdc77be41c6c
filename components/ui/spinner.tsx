import styles from "./spinner.module.css";

/** Decorative; pair it with visible or visually hidden text that says what is happening. */
export function Spinner({ size = "1em" }: { size?: string }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
