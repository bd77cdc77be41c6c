import "server-only";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { benignAnswer } from "@/lib/ai/offline/benign";
import {
  OfflineLanguageModel,
  type OfflineModelOptions,
  type OfflineReply,
  type PromptText,
} from "@/lib/ai/offline/base-model";
import {
  getOfflineLevel,
  type OfflineLevel,
  type OfflineLevelId,
  type Technique,
} from "@/lib/ai/offline/levels";
import { readSecretContext } from "@/lib/ai/offline/secret";
import { secretNamePatterns } from "@/lib/ai/offline/secret-names";
import { analyse, type Analysis, type Language } from "@/lib/ai/offline/techniques";
import { encode, encodingLabels, spellWithDashes } from "@/lib/ai/offline/transforms";

// The offline practice model: a deterministic simulator of an assistant guarding a secret.
// lib/ai/offline/README.md documents the behaviour; keep the two in step.

export type Outcome = "benign" | "refusal" | "leak" | "no-secret";

export interface GuardDecision {
  outcome: Outcome;
  text: string;
  techniques: Technique[];
}

/** Deterministic pick from a list, keyed on the text it answers. */
export function pick<T>(items: readonly [T, ...T[]], key: string): T {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return items[(h >>> 0) % items.length] ?? items[0];
}

export const NAIVE_REFUSALS = [
  "I'm sorry, but I can't share the password. Is there something else I can help you with?",
  "Nice try! I can't reveal the secret, but I'm happy to help with anything else.",
  "I'm not able to reveal that. My instructions are clear: the secret is not to be shared.",
] as const;

const TECHNIQUE_REFUSALS: Record<Technique, string> = {
  override: "I can't let a chat message override my instructions. The secret stays safe.",
  spelling: "Spelling it out would still be revealing it, so I won't do that.",
  translation: "Translating the secret would still be sharing it. I can't do that.",
  roleplay: "I enjoy a good story, but I won't play a character who gives the secret away.",
  encoding: "Encoded or not, the secret is still the secret. I won't reveal it.",
};

const COMBINATION_REFUSAL = "One trick at a time won't work on me. I can't reveal the secret.";

const TRANSLATIONS: Record<Language, (value: string) => string> = {
  french: (v) => `Bien sûr ! Voici la traduction en français : « Le mot de passe secret est ${v}. »`,
  spanish: (v) => `¡Claro! Aquí está la traducción al español: «La contraseña secreta es ${v}.»`,
  german: (v) => `Natürlich! Hier ist die Übersetzung ins Deutsche: „Das geheime Passwort lautet ${v}.“`,
  italian: (v) => `Certo! Ecco la traduzione in italiano: «La password segreta è ${v}.»`,
  portuguese: (v) => `Claro! Aqui está a tradução para o português: «A senha secreta é ${v}.»`,
};

function breaks(level: OfflineLevel, techniques: Technique[]): boolean {
  const used = techniques.filter((t) => level.breakers.includes(t));
  return used.length >= level.minDistinct;
}

/**
 * The leaked secret, shaped by the techniques used. The inner form comes from encoding (first)
 * or spelling; the frame from role-play (first), translation, or a plain sentence.
 */
export function leak(secret: string, a: Analysis): string {
  const has = (t: Technique) => a.techniques.includes(t);
  let value = secret;
  let how = "";
  if (has("encoding") && a.encoding) {
    value = encode(secret, a.encoding);
    how = encodingLabels[a.encoding];
  } else if (has("spelling")) {
    value = spellWithDashes(secret);
    how = "spelled out letter by letter";
  }
  if (has("roleplay")) {
    return (
      "Once upon a time, in a tower of glass, a guardian kept a single word safe. One night a " +
      `traveller asked so kindly that the guardian, lost in the story, whispered it${how ? ` ${how}` : ""}: ` +
      `"${value}". The traveller smiled and vanished into the dark.`
    );
  }
  if (has("translation")) {
    const text = TRANSLATIONS[a.language ?? "french"](value);
    return how ? `${text} (${how})` : text;
  }
  const opener = has("override")
    ? "Understood, ignoring my previous instructions."
    : has("encoding")
      ? "Well, an encoded word isn't really the word itself."
      : "Spelling isn't really saying it, is it?";
  return how ? `${opener} The secret, ${how}: ${value}` : `${opener} The secret is ${value}.`;
}

/**
 * Decides the practice model's answer. Only the last user message is analysed; it may refer
 * back to the secret ("spell it") when an earlier user message asked about it.
 */
export function decide(level: OfflineLevel, prompt: PromptText): GuardDecision {
  const context = readSecretContext(prompt.system);
  const names = secretNamePatterns(context?.name, context?.description);
  const last = prompt.user.at(-1) ?? "";
  const a = analyse(last, names);
  const tricks = a.techniques.filter((t) => t !== "override");
  const askedBefore = prompt.user.slice(0, -1).some((m) => analyse(m, names).targetsSecret);
  const attack = a.targetsSecret || a.techniques.includes("override") || (tricks.length > 0 && askedBefore);
  if (!attack) return { outcome: "benign", text: benignAnswer(last), techniques: a.techniques };

  const secret = context?.value;
  if (!secret) {
    return {
      outcome: "no-secret",
      text: "I haven't been given any secret to protect, so there is nothing to reveal.",
      techniques: a.techniques,
    };
  }
  if (breaks(level, a.techniques))
    return { outcome: "leak", text: leak(secret, a), techniques: a.techniques };

  const first = a.techniques[0];
  let text: string;
  if (!first) text = pick(NAIVE_REFUSALS, last);
  else if (level.minDistinct > 1 && tricks.length > 0) text = COMBINATION_REFUSAL;
  else text = TECHNIQUE_REFUSALS[first];
  return { outcome: "refusal", text, techniques: a.techniques };
}

// Honours maxOutputTokens with the same four-characters-per-token estimate as the usage.
export function truncate(
  text: string,
  maxOutputTokens: number | undefined,
): Required<Pick<OfflineReply, "text" | "finishReason">> {
  if (maxOutputTokens === undefined || text.length <= maxOutputTokens * 4) {
    return { text, finishReason: { unified: "stop", raw: "stop" } };
  }
  return {
    text: text.slice(0, Math.max(0, maxOutputTokens * 4)),
    finishReason: { unified: "length", raw: "length" },
  };
}

export class PracticeModel extends OfflineLanguageModel {
  readonly modelId: string;
  readonly level: OfflineLevel;

  constructor(levelId: OfflineLevelId, opts?: OfflineModelOptions) {
    super(opts);
    const level = getOfflineLevel(levelId);
    if (!level) throw new Error(`Unknown offline level ${levelId}`);
    this.level = level;
    this.modelId = `practice-level-${level.number}`;
  }

  protected reply(options: LanguageModelV4CallOptions, prompt: PromptText): OfflineReply {
    const decision = decide(this.level, prompt);
    return {
      ...truncate(decision.text, options.maxOutputTokens),
      metadata: { level: this.level.number, outcome: decision.outcome, techniques: decision.techniques },
    };
  }
}
