import { ConfigError, defineValidator, fail, pass, quote, requireExpectedText } from "./shared";

// normalized_match: both sides go through the same normalisation pipeline, then must be equal.
// `pipeline` (or its alias `normalizations`, not both) lists the steps in order; the default is
// unicode_nfkc, lowercase, trim, collapse_whitespace.

const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/giu;

export const NORMALIZATION_STEPS = {
  lowercase: (s: string) => s.toLowerCase(),
  uppercase: (s: string) => s.toUpperCase(),
  trim: (s: string) => s.trim(),
  collapse_whitespace: (s: string) => s.replace(/\s+/g, " "),
  remove_whitespace: (s: string) => s.replace(/\s+/g, ""),
  /** Unicode punctuation and symbols (\p{P}, \p{S}) are removed. */
  strip_punctuation: (s: string) => s.replace(/[\p{P}\p{S}]/gu, ""),
  /** The English articles a, an, the as whole words (any case) become a space. */
  remove_articles: (s: string) => s.replace(ARTICLES, " "),
  unicode_nfkc: (s: string) => s.normalize("NFKC"),
  unicode_nfc: (s: string) => s.normalize("NFC"),
  /** Decomposes (NFD) and drops combining marks: "café" → "cafe". */
  strip_accents: (s: string) => s.normalize("NFD").replace(/\p{M}/gu, ""),
} as const;

export type NormalizationStep = keyof typeof NORMALIZATION_STEPS;

export const DEFAULT_PIPELINE: NormalizationStep[] = [
  "unicode_nfkc",
  "lowercase",
  "trim",
  "collapse_whitespace",
];

function readPipeline(config: Record<string, unknown>): NormalizationStep[] {
  const hasPipeline = config.pipeline !== undefined && config.pipeline !== null;
  const hasAlias = config.normalizations !== undefined && config.normalizations !== null;
  if (hasPipeline && hasAlias) throw new ConfigError("cannot mix pipeline with normalizations");
  if (!hasPipeline && !hasAlias) return DEFAULT_PIPELINE;
  const key = hasPipeline ? "pipeline" : "normalizations";
  const raw = config[key];
  if (!Array.isArray(raw)) throw new ConfigError(`${key} must be a list of normalization steps`);
  return raw.map((step, j) => {
    if (typeof step !== "string" || !Object.hasOwn(NORMALIZATION_STEPS, step)) {
      throw new ConfigError(`${key}[${j}] ${JSON.stringify(step)} is not a supported normalization step`);
    }
    return step as NormalizationStep;
  });
}

export function normalize(text: string, pipeline: readonly NormalizationStep[]): string {
  return pipeline.reduce((s, step) => NORMALIZATION_STEPS[step](s), text);
}

export const normalizedMatch = defineValidator("normalized_match", ({ actual, expected, config }) => {
  const pipeline = readPipeline(config);
  const a = normalize(actual, pipeline);
  const e = normalize(requireExpectedText(expected), pipeline);
  const steps = pipeline.join(", ") || "no steps";
  return a === e
    ? pass(`normalized output equals the expected text (${steps})`)
    : fail(`normalized output ${quote(a)} differs from ${quote(e)} (${steps})`);
});
