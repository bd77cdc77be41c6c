import type { Document, LineCounter } from "yaml";

/** Type errors of the known structs, one line each (`line 3: cannot unmarshal …`). */
export function checkBundleShape(doc: Document, lines: LineCounter): string[];
