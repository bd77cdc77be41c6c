import { AppError } from "@/lib/errors";
import { MAX_JSON_DEPTH, jsonTextDepth } from "@/lib/http/json-limits";

// Typed values out of a console form (FormData), client-safe: the server actions read their forms
// with it, and the new-challenge wizard reads its form the same way to check a step before the
// server does.

/**
 * Reads typed values out of a console form and collects every problem, so one submit reports
 * all of them as field errors (422-style) instead of stopping at the first.
 */
export class FormReader {
  private readonly issues: { path: string; message: string }[] = [];
  constructor(private readonly formData: FormData) {}

  text(name: string): string {
    const v = this.formData.get(name);
    return typeof v === "string" ? v : "";
  }

  /** Trimmed text, or null when empty. */
  optional(name: string): string | null {
    const v = this.text(name).trim();
    return v === "" ? null : v;
  }

  checkbox(name: string): boolean {
    return this.formData.get(name) === "on";
  }

  /** A whole number; empty gives `empty`. */
  int<E>(name: string, empty: E, label = name): number | E {
    const v = this.text(name).trim();
    if (v === "") return empty;
    if (!/^-?\d{1,15}$/.test(v)) {
      this.issues.push({ path: name, message: `${label} must be a whole number` });
      return empty;
    }
    return Number(v);
  }

  /** A JSON object; empty gives null. */
  jsonObject(name: string, label = name): Record<string, unknown> | null {
    const v = this.text(name).trim();
    if (v === "") return null;
    if (jsonTextDepth(v, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      this.issues.push({
        path: name,
        message: `${label} nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
      });
      return null;
    }
    try {
      const parsed = JSON.parse(v) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
      this.issues.push({ path: name, message: `${label} must be a JSON object ({ … })` });
    } catch {
      this.issues.push({ path: name, message: `${label} is not valid JSON` });
    }
    return null;
  }

  /** Non-empty lines (or comma-separated items). */
  list(name: string): string[] {
    return this.text(name)
      .split(/[\n,]/)
      .map((l) => l.trim())
      .filter(Boolean);
  }

  /** The problems collected so far (a client-side check shows them without throwing). */
  problems(): readonly { path: string; message: string }[] {
    return this.issues;
  }

  /** Throws the collected problems as one validation error. */
  done(): void {
    if (this.issues.length === 0) return;
    const first = this.issues[0]!;
    throw new AppError("validation_failed", `${first.path}: ${first.message}`, {
      details: { issues: this.issues },
    });
  }
}
