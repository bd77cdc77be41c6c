import styles from "./boards.module.css";

/** CTFd's first-blood drop beside a player's name (with a count on a collection board). */
export function FirstBloodMark({ count, label }: { count: number; label: string }) {
  return (
    <span className={styles.blood} title={label} data-testid="first-blood">
      <svg viewBox="0 0 12 16" width="10" height="14" aria-hidden="true" focusable="false">
        <path d="M6 0C6 0 0 7.2 0 10.5A6 6 0 0 0 12 10.5C12 7.2 6 0 6 0Z" fill="currentColor" />
      </svg>
      {count > 1 ? <span aria-hidden="true">×{count}</span> : null}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
