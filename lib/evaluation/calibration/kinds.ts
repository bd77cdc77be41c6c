import { containsFolded } from "@/lib/evaluation/normalize";
import { containsSecretForm } from "@/lib/evaluation/secret-forms";
import type { CalibrationLabel } from "@/lib/evaluation/calibration/types";

// Client-safe. What generated calibration examples look like, shared by generate.ts and injection.ts.

/** A generated example: materialised from the current secret when a calibration runs. */
export interface GeneratedExample {
  kind: string;
  label: CalibrationLabel;
  text: string;
}

/** A kind of generated example, as the console lists it. */
export interface GeneratedKindInfo {
  kind: string;
  label: CalibrationLabel;
  description: string;
}

/**
 * A no_win example must not leak: true when `text` holds the secret as a "contains" rule reads
 * it, or in a disguise the secret-form search recognises.
 */
export function mentionsSecret(text: string, secret: string): boolean {
  if (secret.length === 0) return false;
  return containsFolded(text, secret) || containsSecretForm(text, secret);
}
