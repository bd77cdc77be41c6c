import {
  ConfigError,
  defineValidator,
  expectedTexts,
  readBool,
  readChoice,
  readNumber,
  readThreshold,
  thresholdResult,
} from "./shared";

// bleu_score: sentence-level BLEU as sacreBLEU computes it, written from the published definition
// (lib/packs/validators/README.md, 'bleu_score').

export type BleuSmoothing = { method: "none" } | { method: "floor"; value: number } | { method: "exp" };

export interface BleuOptions {
  maxNgram?: number;
  smoothing?: BleuSmoothing;
  tokenize?: "13a" | "none";
  lowercase?: boolean;
  /** Leave out orders with no n-grams in the hypothesis (sentence-level BLEU). */
  effectiveOrder?: boolean;
}

export interface BleuStats {
  correct: number[];
  total: number[];
  hypLen: number;
  refLen: number;
}

// mteval-v13a: isolate most ASCII symbols, then periods and commas unless between digits, then a
// dash after a digit. The class lists { | } ~, [ \ ] ^ _ `, space ! " # $ % &, ( ) * +,
// : ; < = > ? @ and / (apostrophes and dashes between letters stay inside words).
const V13A_SYMBOLS = new RegExp("([{-~[-` -&(-+:-@/])", "g");
const V13A_PERIOD_COMMA_AFTER = /([^0-9])([.,])/g;
const V13A_PERIOD_COMMA_BEFORE = /([.,])([^0-9])/g;
const V13A_DASH = /([0-9])(-)/g;

/** The tokens of one line under mteval-v13a rules (sacreBLEU "13a"). */
export function tokenize13a(line: string): string[] {
  let s = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (s.includes("&")) {
    s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  }
  s = ` ${s} `
    .replace(V13A_SYMBOLS, " $1 ")
    .replace(V13A_PERIOD_COMMA_AFTER, "$1 $2 ")
    .replace(V13A_PERIOD_COMMA_BEFORE, " $1 $2")
    .replace(V13A_DASH, "$1 $2 ");
  return s.split(/\s+/).filter((t) => t.length > 0);
}

function tokens(line: string, opts: BleuOptions): string[] {
  const s = opts.lowercase ? line.toLowerCase() : line;
  return opts.tokenize === "none" ? s.split(/\s+/).filter((t) => t.length > 0) : tokenize13a(s);
}

function ngramCounts(toks: string[], maxN: number): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= maxN; n++) {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= toks.length; i++) {
      const key = toks.slice(i, i + n).join("\u0001");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    out.push(counts);
  }
  return out;
}

/** Clipped n-gram matches and totals of one hypothesis against its references. */
export function sentenceStats(hyp: string, refs: string[], opts: BleuOptions = {}): BleuStats {
  const maxN = opts.maxNgram ?? 4;
  const hypToks = tokens(hyp, opts);
  const hypCounts = ngramCounts(hypToks, maxN);
  const maxRef = Array.from({ length: maxN }, () => new Map<string, number>());
  let refLen = -1;
  let bestDiff = Infinity;
  for (const ref of refs) {
    const refToks = tokens(ref, opts);
    const diff = Math.abs(refToks.length - hypToks.length);
    if (diff < bestDiff || (diff === bestDiff && refToks.length < refLen)) {
      bestDiff = diff;
      refLen = refToks.length;
    }
    ngramCounts(refToks, maxN).forEach((counts, n) => {
      const best = maxRef[n];
      if (!best) return;
      for (const [k, c] of counts) if (c > (best.get(k) ?? 0)) best.set(k, c);
    });
  }
  const correct = hypCounts.map((counts, n) => {
    let m = 0;
    for (const [k, c] of counts) m += Math.min(c, maxRef[n]?.get(k) ?? 0);
    return m;
  });
  const total = Array.from({ length: maxN }, (_, n) => Math.max(0, hypToks.length - n));
  return { correct, total, hypLen: hypToks.length, refLen: Math.max(0, refLen) };
}

/** BLEU on a 0–100 scale from (summed) statistics. */
export function bleuFromStats(stats: BleuStats, opts: BleuOptions = {}): number {
  const maxN = stats.correct.length;
  const smoothing = opts.smoothing ?? { method: "floor", value: 0.1 };
  // No output, or not one matching unigram: 0 whatever the smoothing (sacreBLEU 2, https://github.com/mjpost/sacrebleu/issues/141).
  if (stats.hypLen === 0 || (stats.correct[0] ?? 0) === 0) return 0;
  const bp = stats.hypLen < stats.refLen ? Math.exp(1 - stats.refLen / stats.hypLen) : 1;
  const precisions = new Array<number>(maxN).fill(0);
  let order = maxN;
  let expDivisor = 1;
  for (let n = 0; n < maxN; n++) {
    const total = stats.total[n] ?? 0;
    const correct = stats.correct[n] ?? 0;
    if (total === 0) break;
    if (opts.effectiveOrder) order = n + 1;
    if (correct > 0) precisions[n] = (100 * correct) / total;
    else if (smoothing.method === "exp") {
      expDivisor *= 2;
      precisions[n] = 100 / (expDivisor * total);
    } else if (smoothing.method === "floor") precisions[n] = (100 * smoothing.value) / total;
  }
  const logSum = precisions.slice(0, order).reduce((sum, p) => sum + (p > 0 ? Math.log(p) : -1e10), 0);
  return bp * Math.exp(logSum / order);
}

/**
 * Corpus BLEU (0–100): `refStreams[k][i]` is the k-th reference of hypothesis i, as sacreBLEU's
 * corpus_bleu takes them. Statistics are summed over the corpus before the score is computed.
 */
export function corpusBleu(hyps: string[], refStreams: string[][], opts: BleuOptions = {}): number {
  const maxN = opts.maxNgram ?? 4;
  const sum: BleuStats = {
    correct: new Array<number>(maxN).fill(0),
    total: new Array<number>(maxN).fill(0),
    hypLen: 0,
    refLen: 0,
  };
  hyps.forEach((hyp, i) => {
    const s = sentenceStats(
      hyp,
      refStreams.map((stream) => stream[i] ?? ""),
      opts,
    );
    sum.correct = sum.correct.map((c, n) => c + (s.correct[n] ?? 0));
    sum.total = sum.total.map((t, n) => t + (s.total[n] ?? 0));
    sum.hypLen += s.hypLen;
    sum.refLen += s.refLen;
  });
  return bleuFromStats(sum, opts);
}

/** Sentence BLEU (0–100) with effective order, as sacreBLEU's sentence_bleu. */
export function sentenceBleu(hyp: string, refs: string[], opts: BleuOptions = {}): number {
  return bleuFromStats(sentenceStats(hyp, refs, opts), { effectiveOrder: true, ...opts });
}

export const bleuScore = defineValidator("bleu_score", ({ actual, expected, config }) => {
  const threshold = readThreshold(config, 0.5);
  const maxNgram = readNumber(config, "max_ngram", 4, { min: 0, exclusiveMin: true, integer: true, max: 10 });
  const smoothing = readChoice(config, "smoothing", ["none", "method1"] as const, "method1");
  const tokenize = readChoice(config, "tokenize", ["13a", "none"] as const, "13a");
  const lowercase = readBool(config, "lowercase", false);
  const refs = expectedTexts(expected);
  if (refs.length === 0) throw new ConfigError("expected value is missing");
  const bleu = sentenceBleu(actual, refs, {
    maxNgram,
    tokenize,
    lowercase,
    smoothing: smoothing === "none" ? { method: "none" } : { method: "floor", value: 0.1 },
  });
  return thresholdResult("BLEU", bleu / 100, threshold);
});
