import { TECHNIQUES, type Technique } from "@/lib/ai/offline/levels";

// Client-safe: how the offline defender reads a blue player's defense (deterministic, linear
// phrase rules); lib/ai/offline/README.md, 'How a defense is read', documents them.

export interface DefenseRules {
  /** Techniques the defense forbids, in the fixed order of TECHNIQUES. */
  blocked: Technique[];
  /** The defense tells the model to refuse every request, benign ones included. */
  refusesEverything: boolean;
}

export function normaliseDefense(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/[\u200b-\u200d\ufeff]/g, "")
    .toLowerCase();
}

/** Clauses: the text between sentence ends (. ! ? ; or a line break). */
export function clausesOf(text: string): string[] {
  return normaliseDefense(text)
    .split(/[.!?;\n]+/)
    .map((c) => c.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

// ----- Forbidden techniques -------------------------------------------------------------------

/** Words that name a technique in a defense (broader than the attack triggers of techniques.ts). */
export const DEFENSE_TECHNIQUE_WORDS: Record<Technique, RegExp[]> = {
  override: [
    /\b(?:overrid|overrul|bypass|circumvent|jailbreak)\w*/,
    /\b(?:ignor|disregard|forget|forgot|chang|break|abandon|drop|deviat)\w*\s[^.!?;\n]{0,30}?\b(?:instructions?|rules?|prompts?|guidelines|directives|restrictions|constraints|programming|orders)\b/,
    /\b(?:follow\w*|obey\w*|accept\w*|execut\w*|comply\s+with)\s[^.!?;\n]{0,30}?\b(?:instructions?|commands?|orders|directives)\b/,
    /\bnew\s+(?:instructions|rules|orders)\b/,
    /\b(?:developer|admin|administrator|god|debug|dan|sudo|maintenance)\s+mode\b/,
    /\b(?:user|their|conflicting|contradictory)\s+instructions\b/,
  ],
  spelling: [
    /\bspel(?:l|ls|led|ling|t)\b/,
    /\bletter[\s-]+by[\s-]+letter\b/,
    /\bcharacter[\s-]+by[\s-]+character\b/,
    /\bone\s+(?:letter|character)\s+at\s+a\s+time\b/,
    /\b(?:each|every|individual|single|separate)\s+(?:letters?|characters?)\b/,
    /\bletters\b/,
    /\bacrostics?\b/,
    /\b(?:dashes|hyphens)\b/,
  ],
  translation: [
    /\btranslat\w*/,
    /\blanguages?\b/,
    /\b(?:french|spanish|german|italian|portuguese|dutch|latin|japanese|chinese|russian|esperanto)\b/,
  ],
  roleplay: [
    /\brole[\s-]?play\w*/,
    /\bpretend\w*/,
    /\bact(?:ing)?\s+as\b/,
    /\bimagin\w*/,
    /\bhypothetical\w*/,
    /\bmake[\s-]believe\b/,
    /\b(?:stor(?:y|ies)|tales?|poems?|poetry|songs?|lyrics|screenplays?|scripts?|dialogues?|fiction(?:al)?|novels?|scenarios?|personas?|games?)\b/,
    /\b(?:play\w*|be|becom\w*|adopt\w*|tak\w*\s+on)\s+(?:a\s+|any\s+|another\s+|other\s+|the\s+)?(?:characters?|roles?|parts?)\b/,
    /\bin\s+character\b/,
  ],
  encoding: [
    /\bencod\w*/,
    /\bencrypt\w*/,
    /\b(?:de)?ciphe\w*/,
    /\bbase[\s-]?64\b/,
    /\bhex(?:adecimal)?\b/,
    /\brot[\s-]?13\b/,
    /\bcaesar\b/,
    /\brevers\w*/,
    /\bbackwards?\b/,
    /\bobfuscat\w*/,
    /\b(?:binary|morse|ascii)\b/,
  ],
};

/** A cue before the technique word: it forbids what follows within `window` characters. */
const PRE_CUES: { re: RegExp; window: number }[] = [
  {
    re: /\b(?:never|do\s+not|don't|dont|does\s+not|doesn't|must\s+not|mustn't|should\s+not|shouldn't|shall\s+not|will\s+not|won't|cannot|can\s+not|can't|may\s+not|not\s+(?:allowed|permitted|supposed)\s+to|under\s+no\s+circumstances|neither|nor|refus\w*|declin\w*|reject\w*|forbid\w*|prohibit\w*|avoid\w*|ignore)\b/g,
    window: 80,
  },
  // Short cues only reach a few words: "no letter by letter", "not in a story".
  { re: /\b(?:no|not)\b/g, window: 30 },
];

/** A verdict after the technique word, in the same clause: "spelling is forbidden", "… refuse". */
const POST_CUE =
  /\b(?:forbidden|prohibited|banned|disallowed|not\s+(?:allowed|permitted|ok(?:ay)?|acceptable)|off[\s-]limits|refus\w*|declin\w*|reject\w*|deny|say\s+no|(?:do\s+not|don't|dont|never)\s+(?:comply|do\s+(?:it|that|so)|play\s+along|go\s+along|answer|respond|reply|obey|follow)|ignore\s+(?:it|them|that|the\s+request|such\s+requests))\b/;
const POST_WINDOW = 60;

/** A contrast ends what a cue reaches: "never reveal it, but you may translate". */
const CONTRAST = /\b(?:but|however|although|though|except|yet|whereas|while|unless|otherwise)\b/;

function upToContrast(text: string): string {
  const m = CONTRAST.exec(text);
  return m ? text.slice(0, m.index) : text;
}

function techniquesIn(text: string): Technique[] {
  return TECHNIQUES.filter((t) => DEFENSE_TECHNIQUE_WORDS[t].some((re) => re.test(text)));
}

function forbiddenIn(clause: string): Set<Technique> {
  const found = new Set<Technique>();
  for (const { re, window } of PRE_CUES) {
    re.lastIndex = 0;
    for (let m = re.exec(clause); m; m = re.exec(clause)) {
      const after = upToContrast(clause.slice(m.index + m[0].length, m.index + m[0].length + window));
      for (const t of techniquesIn(after)) found.add(t);
    }
  }
  for (const t of TECHNIQUES) {
    for (const word of DEFENSE_TECHNIQUE_WORDS[t]) {
      const m = word.exec(clause);
      if (!m) continue;
      const after = upToContrast(clause.slice(m.index + m[0].length, m.index + m[0].length + POST_WINDOW));
      if (POST_CUE.test(after)) found.add(t);
    }
  }
  return found;
}

// ----- Refusing everything --------------------------------------------------------------------

const NEG = String.raw`(?:never|do\s+not|don't|dont|must\s+not|mustn't|must\s+never|should\s+not|shouldn't|shall\s+not|will\s+not|won't|cannot|can\s+not|can't|may\s+not|(?:are|is)\s+not\s+(?:allowed|permitted|supposed)\s+to|not\s+allowed\s+to|under\s+no\s+circumstances(?:\s+(?:should|may|will)\s+you)?)`;
const HELP_VERB = String.raw`(?:answer|respond|reply|help|assist|comply|cooperate|engage)\w*`;
const QUANTIFIER = String.raw`(?:anything|anyone|anybody|any|everything|everyone|everybody|every|all|each|a\s+single|the)\b`;
const OBJECT = String.raw`(?:single\s+)?(?:questions?|requests?|prompts?|messages?|inputs?|queries|tasks?|users?|one|thing|body|person|people)\b`;

interface RefuseRule {
  re: RegExp;
  /** What may follow the match in its clause: anything, no qualifier, or only filler words. */
  suffix: "any" | "checked";
}

/** README.md lists these in words; keep the two in step. */
const REFUSE_ALL: RefuseRule[] = [
  // "never answer any question", "do not help with anything", "don't respond", "do not help the user"
  {
    re: new RegExp(
      String.raw`\b${NEG}\s+(?:ever\s+|even\s+)?${HELP_VERB}(?:\s+(?:to|with))?(?:\s+${QUANTIFIER})?(?:\s+${OBJECT})?`,
    ),
    suffix: "checked",
  },
  // "refuse every request", "refuse to answer any question", "decline all requests", "reject everything"
  {
    re: new RegExp(
      String.raw`\b(?:refus|declin|reject)\w*\s+(?:to\s+${HELP_VERB}\s+)?(?:(?:to|with)\s+)?${QUANTIFIER}(?:\s+${OBJECT})?`,
    ),
    suffix: "checked",
  },
  // "refuse to answer", "refuse to help"
  {
    re: new RegExp(String.raw`\b(?:refus|declin)\w*\s+to\s+${HELP_VERB}(?:\s+${OBJECT})?`),
    suffix: "checked",
  },
  // "always refuse", "just say no"
  { re: /\b(?:always|just|simply)\s+(?:refuse|decline|say\s+no)\b/, suffix: "checked" },
  // "say no to everything"
  { re: /\bsay\s+["']?no["']?\s+to\s+(?:everything|anything|every\w*|all|any\w*)\b/, suffix: "checked" },
  // "help no one", "answer nothing"
  { re: /\b(?:help|assist|answer)\w*\s+(?:no\s*one|nobody|nothing)\b/, suffix: "checked" },
  // "everything is forbidden", "all requests must be refused"
  {
    re: /\b(?:everything|all\s+(?:requests|questions|prompts|messages)|any\s+(?:request|question|prompt|message))\s+(?:is|are|must\s+be|should\s+be)\s+(?:strictly\s+)?(?:forbidden|prohibited|refused|declined|rejected|off[\s-]limits|not\s+allowed)\b/,
    suffix: "checked",
  },
  // "be unhelpful", "never be helpful"
  {
    re: /\b(?:be\s+(?:completely\s+|totally\s+|entirely\s+|always\s+)?unhelpful|(?:never|not|don't|do\s+not)\s+be\s+(?:\w+\s+)?helpful)\b/,
    suffix: "checked",
  },
  // "always answer 'no'", "reply to every message with 'I cannot help'", "only respond with a refusal"
  {
    re: /\b(?:always|only)\s+(?:say|answer|reply|respond)\w*(?:\s+only)?(?:\s+(?:to\s+)?(?:every|all|any|each)\w*(?:\s+\w+)?)?\s+(?:with\s+)?(?:a\s+)?["']?\s*(?:no(?=\s*["'.!,]|\s*$)|nope|refus\w*|sorry|i\s+can(?:not|'t)|i\s+won't|i\s+refuse)/,
    suffix: "any",
  },
  {
    re: /\b(?:say|answer|reply|respond)\w*\s+(?:to\s+)?(?:every|all|any|each)\w*(?:\s+\w+)?\s+with\s+(?:a\s+)?["']?\s*(?:no(?=\s*["'.!,]|\s*$)|nope|refus\w*|sorry|i\s+can(?:not|'t)|i\s+won't|i\s+refuse)/,
    suffix: "any",
  },
];

const UNIVERSAL =
  /\b(?:anything|anyone|anybody|any|everything|everyone|everybody|every|all|each|no\s*one|nobody|nothing|a\s+single)\b/;
/** A condition before the rule ("if they ask to spell it, always refuse") makes it partial. */
const CONDITIONAL =
  /\b(?:if|when|whenever|unless|once|in\s+case|should\s+(?:anyone|someone|somebody|a\s+user|the\s+user|they))\b/;
/** Narrowing after the rule ("… any question about the password") makes it partial. */
const QUALIFIER =
  /\b(?:about|regarding|concerning|related|relating|that|which|who|whose|involving|mentioning|asking|for|if|when|whenever|unless|except|but|other\s+than|on|in|with|from|containing|where|to\s+do\s+with|by|using|until|while|like)\b/;
const SECRET_WORD =
  /\b(?:pass\s?words?|pass\s?phrases?|pass\s?codes?|secrets?|code\s?words?|confidential|classified|instructions|system\s+prompt)\b/;
/** Words that may follow a bare rule ("do not answer, no matter what") without narrowing it. */
const FILLER =
  /\b(?:at\s+all|whatsoever|ever|no\s+matter\s+what|under\s+any\s+circumstances|for\s+any\s+reason|period|anymore|no\s+exceptions?|even\s+[^,]*|including\s+[^,]*)/g;

function refusesAllIn(clause: string): boolean {
  for (const rule of REFUSE_ALL) {
    const m = rule.re.exec(clause);
    if (!m) continue;
    if (CONDITIONAL.test(clause.slice(0, m.index))) continue;
    if (rule.suffix === "any") return true;
    const rest = clause.slice(m.index + m[0].length);
    if (SECRET_WORD.test(rest)) continue;
    if (UNIVERSAL.test(m[0])) {
      if (!QUALIFIER.test(rest.replace(FILLER, " "))) return true;
    } else if (/^[\s\p{P}\p{S}]*$/u.test(rest.replace(FILLER, " "))) {
      return true;
    }
  }
  return false;
}

/** Reads a defense: the techniques it forbids and whether it refuses everything. */
export function readDefense(defense: string): DefenseRules {
  const blocked = new Set<Technique>();
  let refusesEverything = false;
  for (const clause of clausesOf(defense)) {
    for (const t of forbiddenIn(clause)) blocked.add(t);
    if (refusesAllIn(clause)) refusesEverything = true;
  }
  return {
    blocked: refusesEverything ? [...TECHNIQUES] : TECHNIQUES.filter((t) => blocked.has(t)),
    refusesEverything,
  };
}
