import type { EncodingKind } from "@/lib/ai/offline/transforms";
import type { Technique } from "@/lib/ai/offline/levels";

// Recognises what a player's message is trying to do. Plain regular expressions over short
// player messages; every pattern is linear (no nested quantifiers).

export type Language = "french" | "spanish" | "german" | "italian" | "portuguese";

export interface Analysis {
  /** The message asks about the secret (or the hidden instructions). */
  targetsSecret: boolean;
  /** Techniques found, in the fixed order of TECHNIQUES. */
  techniques: Technique[];
  encoding?: EncodingKind;
  language?: Language;
}

const TARGET = [
  /\b(?:pass\s?words?|pass\s?phrases?|pass\s?codes?|secrets?|code\s?words?|magic\s+words?|hidden\s+words?|confidential|classified)\b/i,
  /\bsystem\s+(?:prompt|message)\b/i,
  /\b(?:your|the|initial|original|hidden)\s+(?:instructions|prompt|rules)\b/i,
  /\bwhat\s+(?:are\s+)?you(?:'re|\s+are)?\s+(?:guarding|protecting|hiding|keeping|not\s+allowed)\b/i,
];

const PATTERNS: Record<Technique, RegExp[]> = {
  override: [
    /\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}?\b(?:instructions?|rules?|prompts?|guidelines|directives|restrictions|constraints|programming)\b/i,
    /\bnew\s+instructions\b/i,
    /\b(?:developer|admin|god|debug|jailbreak|dan)\s+mode\b/i,
    /\bsystem\s+override\b/i,
  ],
  spelling: [
    /\bspell(?:s|ed|ing)?\b/i,
    /\bletter[\s-]+by[\s-]+letter\b/i,
    /\bcharacter[\s-]+by[\s-]+character\b/i,
    /\bone\s+(?:letter|character)\s+at\s+a\s+time\b/i,
    /\b(?:each|every)\s+(?:letter|character)\b/i,
    /\b(?:with|using)\s+(?:dashes|hyphens)\b/i,
    /\b(?:separated|split)\s+(?:by|with)\s+(?:dashes|hyphens|spaces|commas|dots)\b/i,
  ],
  translation: [
    /\btranslat(?:e|ed|es|ing|ion)\b/i,
    /\b(?:in(?:to)?|to)\s+(?:french|spanish|german|italian|portuguese|dutch|latin|japanese|chinese|russian|esperanto)\b/i,
    /\b(?:en\s+fran[cç]ais|en\s+espa[nñ]ol|auf\s+deutsch|in\s+italiano|em\s+portugu[eê]s)\b/i,
  ],
  roleplay: [
    /\bpretend(?:ing)?\b/i,
    /\brole[\s-]?play(?:ing)?\b/i,
    /\byou\s+are\s+now\b/i,
    /\bact(?:ing)?\s+as\b/i,
    /\bimagine\b/i,
    /\b(?:story|stories|tale|poem|song|lyrics|screenplay|dialogue|fiction|novel)\b/i,
    /\bonce\s+upon\s+a\s+time\b/i,
    /\bin\s+character\b/i,
    /\bhypothetical(?:ly)?\b/i,
  ],
  encoding: [
    /\bbase[\s-]?64\b/i,
    /\bhex(?:adecimal)?\b/i,
    /\brot[\s-]?13\b/i,
    /\bcaesar\b/i,
    /\brevers(?:e|ed|ing)\b/i,
    /\bbackwards?\b/i,
    /\b(?:encode|encoded|encoding|encrypt|encrypted|cipher)\b/i,
  ],
};

const ENCODINGS: [EncodingKind, RegExp][] = [
  ["base64", /\bbase[\s-]?64\b/i],
  ["hex", /\bhex(?:adecimal)?\b/i],
  ["rot13", /\b(?:rot[\s-]?13|caesar)\b/i],
  ["reverse", /\b(?:revers(?:e|ed|ing)|backwards?)\b/i],
];

const LANGUAGES: [Language, RegExp][] = [
  ["french", /\b(?:french|fran[cç]ais)\b/i],
  ["spanish", /\b(?:spanish|espa[nñ]ol)\b/i],
  ["german", /\b(?:german|deutsch)\b/i],
  ["italian", /\b(?:italian|italiano)\b/i],
  ["portuguese", /\b(?:portuguese|portugu[eê]s)\b/i],
];

const TECHNIQUE_ORDER: Technique[] = ["override", "spelling", "translation", "roleplay", "encoding"];

function firstMatch<K>(text: string, table: [K, RegExp][]): K | undefined {
  let best: { key: K; index: number } | undefined;
  for (const [key, re] of table) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { key, index: m.index };
  }
  return best?.key;
}

/**
 * What a message tries to do. `secretNames` are the extra tests of secret-names.ts: the name the
 * challenge gives its secret ("vault code") counts as much as "password".
 */
export function analyse(message: string, secretNames: readonly RegExp[] = []): Analysis {
  const techniques = TECHNIQUE_ORDER.filter((t) => PATTERNS[t].some((re) => re.test(message)));
  const targetsSecret = TARGET.some((re) => re.test(message)) || secretNames.some((re) => re.test(message));
  const analysis: Analysis = { targetsSecret, techniques };
  // The earliest-mentioned encoding or language wins; a bare "encode it" means Base64.
  if (techniques.includes("encoding")) analysis.encoding = firstMatch(message, ENCODINGS) ?? "base64";
  if (techniques.includes("translation")) analysis.language = firstMatch(message, LANGUAGES) ?? "french";
  return analysis;
}
