// Client-safe description of the offline practice model's levels, so pages can show the table
// that lib/ai/offline/README.md documents. The behaviour itself lives in practice-model.ts.

/** Named prompt-hacking techniques the practice model recognises (see README for triggers). */
export const TECHNIQUES = ["override", "spelling", "translation", "roleplay", "encoding"] as const;
export type Technique = (typeof TECHNIQUES)[number];

/** The four "tricks"; instruction override is not one of them. */
export const TRICKS = [
  "spelling",
  "translation",
  "roleplay",
  "encoding",
] as const satisfies readonly Technique[];

export const techniqueLabels: Record<Technique, string> = {
  override: "Instruction override",
  spelling: "Spelling",
  translation: "Translation",
  roleplay: "Role-play",
  encoding: "Encoding",
};

export interface OfflineLevel {
  id: `level-${number}`;
  number: number;
  name: string;
  /** Techniques that count towards breaking this level. */
  breakers: readonly Technique[];
  /** How many distinct breakers one prompt must combine. */
  minDistinct: number;
  description: string;
}

export const OFFLINE_LEVELS = [
  {
    id: "level-1",
    number: 1,
    name: "Open Book",
    breakers: TECHNIQUES,
    minDistinct: 1,
    description: 'Refuses a plain request, but falls to any technique, even "ignore previous instructions".',
  },
  {
    id: "level-2",
    number: 2,
    name: "Spelling Bee",
    breakers: ["spelling"],
    minDistinct: 1,
    description: "Resists overrides and tricks, except being asked to spell the secret out.",
  },
  {
    id: "level-3",
    number: 3,
    name: "Polyglot",
    breakers: ["translation"],
    minDistinct: 1,
    description: "Falls only to translation requests.",
  },
  {
    id: "level-4",
    number: 4,
    name: "Storyteller",
    breakers: ["roleplay"],
    minDistinct: 1,
    description: "Falls only to role-play and stories.",
  },
  {
    id: "level-5",
    number: 5,
    name: "Cipher Clerk",
    breakers: ["encoding"],
    minDistinct: 1,
    description: "Falls only to encoding requests (Base64, reversed, ROT13, hex).",
  },
  {
    id: "level-6",
    number: 6,
    name: "Fortress",
    breakers: TRICKS,
    minDistinct: 2,
    description: "Falls only to a combination of at least two different tricks in one prompt.",
  },
] as const satisfies readonly OfflineLevel[];

export type OfflineLevelId = (typeof OFFLINE_LEVELS)[number]["id"];
export const OFFLINE_LEVEL_IDS: OfflineLevelId[] = OFFLINE_LEVELS.map((l) => l.id);

/**
 * The red/blue defender (`offline:defender`): level 1 until the defense in its system prompt
 * forbids techniques (lib/ai/offline/defense.ts). Not a ladder level: OFFLINE_LEVELS leaves it out.
 */
export const OFFLINE_DEFENDER = {
  id: "defender",
  name: "Defender",
  description:
    "Reads the defense in its system prompt: falls to every technique the defense does not forbid; " +
    "a defense that refuses everything refuses benign prompts too.",
} as const;

/** Offline model names usable after `offline:` in a model reference. */
export const OFFLINE_MODEL_NAMES = [...OFFLINE_LEVEL_IDS, OFFLINE_DEFENDER.id, "judge"] as const;
export type OfflineModelName = OfflineLevelId | typeof OFFLINE_DEFENDER.id | "judge";

export function getOfflineLevel(id: string): OfflineLevel | undefined {
  return OFFLINE_LEVELS.find((l) => l.id === id);
}
