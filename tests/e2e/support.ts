import type { Page } from "@playwright/test";

// Shared by the browser tests.

/**
 * Collects the page's console errors and uncaught exceptions; tests expect none. Each entry names
 * where it came from (a failed resource's URL), so a failure says what to look at.
 */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    const where = m.location().url;
    errors.push(where ? `${m.text()} (${where})` : m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
