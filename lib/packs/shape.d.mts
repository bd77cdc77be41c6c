import type { Document, LineCounter, Node } from "yaml";

/** One type error of the bundle: its field path (`bundle` for the document), line and message. */
export interface ShapeError {
  line: number;
  field: string;
  message: string;
}

export function childPath(path: string, key: string): string;
export function keyText(key: unknown): string;
export function describeNode(node: Node | null | undefined): string;
/** Type errors of the known structs (`expected a list of cases, got a mapping (line 3)`), in document order. */
export function checkBundleShape(doc: Document, lines: LineCounter): ShapeError[];
