// What the collection pages show: a featured ladder on the home page and a level's place in its
// ladder (the breadcrumb and the gating lock).

/** A ladder the home page starts players on: its levels in order and the viewer's wins. */
export interface FeaturedLadder {
  id: string;
  name: string;
  description: string | null;
  gated: boolean;
  levels: { id: string; name: string; solved: boolean }[];
}

export interface LadderLevelRef {
  id: string;
  name: string;
}

export interface LadderPlace {
  /** `scoringStrategy`: how the collection's board ranks (e.g. fewest_tokens_total). */
  collection: { id: string; name: string; gated: boolean; scoringStrategy: string };
  /** 1-based. */
  level: number;
  total: number;
  previous: LadderLevelRef | null;
  next: LadderLevelRef | null;
  /** Gating keeps the viewer off this level for now (always true for a visitor on a gated level > 1). */
  locked: boolean;
}
