import type { Skeleton } from "@/lib/evaluation/secret-forms/fold";

// Linear-time search of a pattern in a skeleton (KMP: no backtracking regexes).

export type SecretFormKind = "text" | "reversed" | "rot13" | "base64" | "hex" | "nato";

export interface Pattern {
  kind: SecretFormKind;
  skeleton: "text" | "base64" | "hex" | "nato";
  needle: string;
  table: Int32Array;
}

/** KMP failure table. */
export function failureTable(p: string): Int32Array {
  const t = new Int32Array(p.length);
  let k = 0;
  for (let i = 1; i < p.length; i++) {
    while (k > 0 && p.charCodeAt(i) !== p.charCodeAt(k)) k = t[k - 1]!;
    if (p.charCodeAt(i) === p.charCodeAt(k)) k++;
    t[i] = k;
  }
  return t;
}

/** Start offsets of every occurrence of the pattern in the haystack, in linear time. */
export function kmpAll(hay: Skeleton, p: Pattern): number[] {
  const { needle, table } = p;
  const found: number[] = [];
  if (needle.length === 0 || hay.length < needle.length) return found;
  const codes = hay.codes;
  let k = 0;
  for (let i = 0; i < hay.length; i++) {
    const c = codes[i]!;
    while (k > 0 && c !== needle.charCodeAt(k)) k = table[k - 1]!;
    if (c === needle.charCodeAt(k)) k++;
    if (k === needle.length) {
      found.push(i - needle.length + 1);
      k = table[k - 1]!;
    }
  }
  return found;
}
