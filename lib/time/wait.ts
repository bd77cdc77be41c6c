// How long someone must wait, in words a person reads ("29 minutes", "1 hour 5 minutes"): the one
// formatter behind every rate-limit message (API `message` text, forms, the play page's live
// countdown). Client-safe and pure. Retry-After headers stay in seconds.

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * A wait in whole units, rounded up so nobody is told to come back too early: under a minute in
 * seconds, under an hour in minutes, under a day in hours and minutes, then days and hours.
 */
export function formatWait(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
  if (s < 60) return plural(s, "second");
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, "minute");
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? plural(h, "hour") : `${plural(h, "hour")} ${plural(m, "minute")}`;
  }
  const hours = Math.ceil(s / 3600);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? plural(d, "day") : `${plural(d, "day")} ${plural(h, "hour")}`;
}

/** "Try again in 29 minutes." */
export function tryAgainIn(seconds: number): string {
  return `Try again in ${formatWait(seconds)}.`;
}

/** A rate-limit message: its reason, then when to try again. */
export function waitMessage(reason: string, seconds: number): string {
  return `${reason.trim()} ${tryAgainIn(seconds)}`;
}

/** The message without its trailing "Try again in …" (for a page that counts the wait down itself). */
export function withoutWait(message: string): string {
  const at = message.lastIndexOf(" Try again in ");
  return at < 0 ? message : message.slice(0, at);
}
