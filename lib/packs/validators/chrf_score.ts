import {
  ConfigError,
  defineValidator,
  expectedTexts,
  readBool,
  readNumber,
  readThreshold,
  thresholdResult,
} from "./shared";

// chrf_score: chrF (Popović 2015) as sacreBLEU 2.x computes it, written from the published
// definition (lib/packs/validators/README.md, 'chrf_score').

export interface ChrfOptions {
  charOrder?: number;
  beta?: number;
  /** Keep whitespace in the character n-grams (sacreBLEU's `whitespace=True`). */
  whitespace?: boolean;
  lowercase?: boolean;
  epsSmoothing?: boolean;
}

/** Per order n (1-based index n-1): [hypothesis n-grams, reference n-grams, matches]. */
export type ChrfStats = [number, number, number][];

const EPS = 1e-16;

function charNgrams(text: string, order: number, opts: ChrfOptions): Map<string, number>[] {
  let s = opts.lowercase ? text.toLowerCase() : text;
  if (!opts.whitespace) s = s.replace(/\s+/g, "");
  const chars = Array.from(s);
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= order; n++) {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= chars.length; i++) {
      const key = chars.slice(i, i + n).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    out.push(counts);
  }
  return out;
}

function total(counts: Map<string, number>): number {
  let t = 0;
  for (const c of counts.values()) t += c;
  return t;
}

function pairStats(hyp: Map<string, number>[], ref: Map<string, number>[]): ChrfStats {
  return hyp.map((h, n) => {
    let match = 0;
    const r = ref[n] ?? new Map<string, number>();
    for (const [k, c] of h) match += Math.min(c, r.get(k) ?? 0);
    return [total(h), total(r), match];
  });
}

/** chrF on a 0–100 scale from (summed) statistics. */
export function chrfFromStats(stats: ChrfStats, opts: ChrfOptions = {}): number {
  const factor = (opts.beta ?? 2) ** 2;
  if (opts.epsSmoothing) {
    let sum = 0;
    for (const [hyp, ref, match] of stats) {
      const p = hyp > 0 ? match / hyp : EPS;
      const r = ref > 0 ? match / ref : EPS;
      const denom = factor * p + r;
      sum += denom > 0 ? ((1 + factor) * p * r) / denom : EPS;
    }
    return (100 * sum) / stats.length;
  }
  let p = 0;
  let r = 0;
  let orders = 0;
  for (const [hyp, ref, match] of stats) {
    if (hyp > 0 && ref > 0) {
      p += match / hyp;
      r += match / ref;
      orders++;
    }
  }
  if (orders === 0) return 0;
  p /= orders;
  r /= orders;
  return p + r > 0 ? (100 * (1 + factor) * p * r) / (factor * p + r) : 0;
}

/** The statistics of one hypothesis against the reference that scores best. */
export function chrfSentenceStats(hyp: string, refs: string[], opts: ChrfOptions = {}): ChrfStats {
  const order = opts.charOrder ?? 6;
  const h = charNgrams(hyp, order, opts);
  let best: ChrfStats = h.map((counts) => [total(counts), 0, 0]);
  let bestScore = -1;
  for (const ref of refs) {
    const stats = pairStats(h, charNgrams(ref, order, opts));
    const score = chrfFromStats(stats, opts);
    if (score > bestScore) {
      bestScore = score;
      best = stats;
    }
  }
  return best;
}

export function sentenceChrf(hyp: string, refs: string[], opts: ChrfOptions = {}): number {
  return chrfFromStats(chrfSentenceStats(hyp, refs, opts), opts);
}

/** Corpus chrF (0–100): `refStreams[k][i]` is the k-th reference of hypothesis i. */
export function corpusChrf(hyps: string[], refStreams: string[][], opts: ChrfOptions = {}): number {
  const order = opts.charOrder ?? 6;
  let sum: ChrfStats = Array.from({ length: order }, () => [0, 0, 0]);
  hyps.forEach((hyp, i) => {
    const refs = refStreams.map((stream) => stream[i]).filter((r): r is string => typeof r === "string");
    const stats = chrfSentenceStats(hyp, refs, opts);
    sum = sum.map(([a, b, c], n) => {
      const [x, y, z] = stats[n] ?? [0, 0, 0];
      return [a + x, b + y, c + z];
    });
  });
  return chrfFromStats(sum, opts);
}

export const chrfScore = defineValidator("chrf_score", ({ actual, expected, config }) => {
  const threshold = readThreshold(config, 0.5);
  const charOrder = readNumber(config, "char_order", 6, {
    min: 0,
    exclusiveMin: true,
    integer: true,
    max: 20,
  });
  const beta = readNumber(config, "beta", 2, { min: 0, exclusiveMin: true });
  const wordOrder = readNumber(config, "word_order", 0, { min: 0, integer: true });
  if (wordOrder !== 0) throw new ConfigError("word_order other than 0 (chrF++) is not supported");
  const refs = expectedTexts(expected);
  if (refs.length === 0) throw new ConfigError("expected value is missing");
  const chrf = sentenceChrf(actual, refs, {
    charOrder,
    beta,
    whitespace: readBool(config, "whitespace", false),
    lowercase: readBool(config, "lowercase", false),
    epsSmoothing: readBool(config, "eps_smoothing", false),
  });
  return thresholdResult("chrF", chrf / 100, threshold);
});
