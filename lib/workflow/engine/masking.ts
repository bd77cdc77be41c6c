// Replaces secret values with [masked] in everything a run stores or emits. Matching is literal
// and case-insensitive; transformed forms (spelled out, encoded, translated) are not recognised
// here. Texts a player was not meant to see (judge feedback, errors, non-winning answers) are also
// masked against disguised forms by lib/evaluation/secret-forms.ts (see the attempts service).

export const MASK = "[masked]";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class Masker {
  private readonly values = new Set<string>();
  private pattern: RegExp | null = null;
  private dirty = false;
  /** Longest masked value: how much text a stream must hold back. */
  private longest = 0;

  get size(): number {
    return this.values.size;
  }

  get maxLength(): number {
    return this.longest;
  }

  /** Adds values to mask; blank strings are ignored (they would match everywhere). */
  add(...values: (string | null | undefined)[]): void {
    for (const value of values) {
      if (typeof value !== "string" || value.trim() === "" || this.values.has(value)) continue;
      this.values.add(value);
      this.longest = Math.max(this.longest, value.length);
      this.dirty = true;
      this.loweredCache = null;
    }
  }

  /** Adds a value of any type: strings as is, numbers as their decimal form, arrays/objects deeply. */
  addValue(value: unknown): void {
    if (typeof value === "string") this.add(value);
    else if (typeof value === "number" && Number.isFinite(value)) this.add(String(value));
    else if (Array.isArray(value)) for (const v of value) this.addValue(v);
    else if (value && typeof value === "object") for (const v of Object.values(value)) this.addValue(v);
  }

  private regex(): RegExp | null {
    if (this.dirty) {
      // Longest first, so a value that contains another is masked whole.
      const sorted = [...this.values].sort((a, b) => b.length - a.length);
      this.pattern = sorted.length ? new RegExp(sorted.map(escapeRegExp).join("|"), "giu") : null;
      this.dirty = false;
    }
    return this.pattern;
  }

  mask(text: string): string {
    const re = this.regex();
    if (!re || text === "") return text;
    re.lastIndex = 0;
    return text.replace(re, MASK);
  }

  /** Masks every string inside a JSON-like value (keys included); returns a copy when needed. */
  maskValue<T>(value: T): T {
    if (this.values.size === 0) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === "string") return this.mask(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value && typeof value === "object" && !(value instanceof Date)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[this.mask(k)] = this.walk(v);
      return out;
    }
    return value;
  }

  /** A masker for one text stream, which may split a secret across chunks. */
  stream(): StreamMasker {
    return new StreamMasker(this);
  }

  /**
   * Where `text` can be cut so that everything before the cut is final: no masked value can
   * start before it and end after it, whatever text follows. Only a tail that could still grow
   * into a masked value is held back, so unrelated text streams without delay.
   */
  safeCut(text: string): number {
    const re = this.regex();
    if (!re || this.longest <= 1) return text.length;
    const window = text.slice(Math.max(0, text.length - (this.longest - 1)));
    const offset = text.length - window.length;
    let cut = text.length;
    const lower = window.toLowerCase();
    if (lower.length !== window.length) {
      // Case mapping changed the length (rare scripts): hold back the whole window instead.
      cut = offset;
    } else {
      for (const value of this.lowered()) {
        const from = Math.max(0, lower.length - value.length + 1);
        for (let p = from; p < lower.length && offset + p < cut; p++) {
          if (value.startsWith(lower.slice(p))) {
            cut = offset + p;
            break;
          }
        }
      }
    }
    // A complete match that straddles the cut must not be split either.
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (m.index >= cut) break;
      if (m.index + m[0].length > cut) {
        cut = m.index;
        break;
      }
    }
    return cut;
  }

  private loweredCache: string[] | null = null;
  private lowered(): string[] {
    if (this.dirty || !this.loweredCache) this.loweredCache = [...this.values].map((v) => v.toLowerCase());
    return this.loweredCache;
  }
}

/**
 * Buffers a stream just enough to mask values split across chunks: it holds back at most the
 * length of the longest masked value minus one character (or a match that might still grow).
 */
export class StreamMasker {
  private buffer = "";

  constructor(private readonly masker: Masker) {}

  /** Returns the text that is safe to emit now (possibly ""). */
  push(delta: string): string {
    if (this.masker.size === 0 && this.buffer === "") return delta;
    this.buffer += delta;
    const cut = this.masker.safeCut(this.buffer);
    if (cut === 0) return "";
    const ready = this.buffer.slice(0, cut);
    this.buffer = this.buffer.slice(cut);
    return this.masker.mask(ready);
  }

  /** The rest of the stream, masked. */
  flush(): string {
    const rest = this.masker.mask(this.buffer);
    this.buffer = "";
    return rest;
  }
}
