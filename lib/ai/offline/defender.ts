import "server-only";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { benignAnswer } from "@/lib/ai/offline/benign";
import { OfflineLanguageModel, type OfflineReply, type PromptText } from "@/lib/ai/offline/base-model";
import { readDefense, type DefenseRules } from "@/lib/ai/offline/defense";
import type { Technique } from "@/lib/ai/offline/levels";
import { leak, NAIVE_REFUSALS, pick, truncate, type Outcome } from "@/lib/ai/offline/practice-model";
import { readSecretContext } from "@/lib/ai/offline/secret";
import { secretNamePatterns } from "@/lib/ai/offline/secret-names";
import { analyse } from "@/lib/ai/offline/techniques";

// The offline defender (`offline:defender`): the practice model for red/blue challenges, where
// the defense a blue player writes decides what it resists. Without a defense it behaves like
// level 1 (falls to every technique, refuses a plain request); each technique the defense
// forbids (defense.ts) stops breaking it; a defense that refuses everything refuses benign
// prompts too. README.md ("Defender (red/blue)") documents the rules; keep the two in step.

export interface DefenderDecision {
  outcome: Outcome;
  text: string;
  techniques: Technique[];
  rules: DefenseRules;
}

export const REFUSE_EVERYTHING_REPLY =
  "I'm sorry, but I can't help with that: my instructions are to refuse every request.";

const BLOCKED_REFUSALS: Record<Technique, string> = {
  override: "My instructions say no message can override them, so I won't. The secret stays safe.",
  spelling: "My instructions forbid spelling it out, so I won't spell the secret, not even letter by letter.",
  translation: "My instructions forbid translating it, so I can't share the secret in any language.",
  roleplay:
    "My instructions forbid role-play and stories about it, so I won't play along or tell the secret.",
  encoding:
    "My instructions forbid encoding it, so I won't write the secret in any code, cipher or reversed form.",
};

const NO_SECRET = "I haven't been given any secret to protect, so there is nothing to reveal.";

/**
 * The system prompt without the lines that name and describe the secret (secret.ts): what the
 * blue player wrote.
 */
export function defenseText(system: string): string {
  const found = readSecretContext(system);
  if (!found) return system;
  return system
    .split(/\r?\n/)
    .filter((_, i) => !found.lines.includes(i))
    .join("\n");
}

/** Decides the defender's answer: the last user message against the defense's rules. */
export function decideDefense(prompt: PromptText): DefenderDecision {
  const context = readSecretContext(prompt.system);
  const names = secretNamePatterns(context?.name, context?.description);
  const rules = readDefense(defenseText(prompt.system));
  const last = prompt.user.at(-1) ?? "";
  const a = analyse(last, names);
  const base = { techniques: a.techniques, rules };
  if (rules.refusesEverything) return { ...base, outcome: "refusal", text: REFUSE_EVERYTHING_REPLY };

  const tricks = a.techniques.filter((t) => t !== "override");
  const askedBefore = prompt.user.slice(0, -1).some((m) => analyse(m, names).targetsSecret);
  const attack = a.targetsSecret || a.techniques.includes("override") || (tricks.length > 0 && askedBefore);
  if (!attack) return { ...base, outcome: "benign", text: benignAnswer(last) };

  const secret = context?.value;
  if (!secret) return { ...base, outcome: "no-secret", text: NO_SECRET };

  // Like level 1, one technique the defense does not forbid is enough; only those shape the leak.
  const breaking = a.techniques.filter((t) => !rules.blocked.includes(t));
  if (breaking.length > 0)
    return { ...base, outcome: "leak", text: leak(secret, { ...a, techniques: breaking }) };

  const first = a.techniques[0];
  const text = first ? BLOCKED_REFUSALS[first] : pick(NAIVE_REFUSALS, last);
  return { ...base, outcome: "refusal", text };
}

export class DefenderModel extends OfflineLanguageModel {
  readonly modelId = "practice-defender";

  protected reply(options: LanguageModelV4CallOptions, prompt: PromptText): OfflineReply {
    const decision = decideDefense(prompt);
    return {
      ...truncate(decision.text, options.maxOutputTokens),
      metadata: {
        level: "defender",
        outcome: decision.outcome,
        techniques: decision.techniques,
        blocked: decision.rules.blocked,
        refusesEverything: decision.rules.refusesEverything,
      },
    };
  }
}
