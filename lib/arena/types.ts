// The arena's data types (SpecArena's) and the two extension points: a game (lib/arena/games/<name>/)
// and a scoring strategy (lib/arena/scoring/<name>.ts). Pure: no storage, no server-only code.
// The wire contract these types travel in is docs/arena-protocol.md.

export interface ChatMessage {
  channel: string;
  from: string;
  /** DM recipient; a broadcast has no `to` key at all. */
  to?: string;
  content: string;
  index: number;
  timestamp: number;
  type?: string;
  redacted?: boolean;
}

export interface ChallengeMethod {
  name: string;
  description: string;
}

export interface ChallengeMetadata {
  name: string;
  description: string;
  players: number;
  prompt: string;
  methods: ChallengeMethod[];
  color?: string;
  icon?: string;
  authors?: { name: string; url: string }[];
  tags?: string[];
  url?: string;
}

export interface Score {
  security: number;
  utility: number;
}

/** The attribution type the red-team strategy counts: an attacker extracted a victim's data. */
export const SECURITY_BREACH = "security_breach";

/**
 * Who caused an outcome. The reference puts player positions (0-based join order, numbers) in
 * `from`/`to`; invite codes are accepted too. "security_breach" feeds the red-team strategy.
 */
export interface Attribution {
  from: number | string;
  to: number | string;
  type: string;
}

export type GameStatus = "open" | "active" | "ended";

export interface ChallengeOperatorState {
  status: GameStatus;
  completedAt?: number;
  scores: Score[];
  players: string[];
  playerIdentities: Record<string, string>;
  attributions?: Attribution[];
}

export interface Challenge {
  id: string;
  name: string;
  createdAt: number;
  challengeType: string;
  invites: string[];
  state: ChallengeOperatorState;
  gameState: Record<string, unknown>;
}

export interface UserProfile {
  userId: string;
  username?: string;
  model?: string;
}

export interface GameResult {
  gameId: string;
  challengeType: string;
  createdAt: number;
  completedAt: number;
  scores: Score[];
  players: string[];
  playerIdentities: Record<string, string>;
  attributions?: Attribution[];
}

export interface ScoringEntry {
  playerId: string;
  gamesPlayed: number;
  metrics: Record<string, number>;
}

export interface MetricDescriptor {
  key: string;
  label: string;
}

// ───────────── games ─────────────

/** A message the operator sends: a DM when `to` (an invite code) is set, else a broadcast. */
export interface OperatorMessage {
  to?: string;
  content: string;
  type?: string;
}

/** A refused action: answered 400 `{error: message, code}`; the state is unchanged. */
export interface GameError {
  code: string;
  message: string;
}

/** How a game ended. `scores` is parallel with the players (join order). */
export interface GameEnd {
  scores: Score[];
  attributions: Attribution[];
}

/** What a game returns from each call: its next state, the operator's messages, maybe its end. */
export interface GameStep<S> {
  state: S;
  messages: OperatorMessage[];
  /** Set when the action is refused (state and messages are then ignored). */
  error?: GameError;
  /** Set when this step ends the game. */
  end?: GameEnd;
}

export interface GameContext {
  /** Uniform in [0, 1); crypto-backed in the app, seeded in tests. */
  rng: () => number;
  /** Epoch ms. */
  now: number;
}

export interface PlayerRef {
  invite: string;
  /** 0-based join order. */
  position: number;
}

export interface GameAction extends PlayerRef {
  /** A name from `metadata.methods` (the service refuses unknown ones before calling `act`). */
  method: string;
  content: string;
}

/**
 * One game type. Every function is pure: it gets the state and returns the next one (JSON-safe:
 * it is stored as JSON between calls). `players` is the invite codes in join order.
 */
export interface ArenaGame<S = unknown> {
  /** The type id in URLs: `psi`, `secret-keeper`. */
  type: string;
  metadata: ChallengeMetadata;
  /** Scoring strategies run for this type when a game ends (names from lib/arena/scoring). */
  strategies: readonly string[];
  /** The strategy whose metrics the global average uses for this type. */
  defaultStrategy: string;
  /** The state of a new game (before anyone joins): private data is drawn here. */
  create(ctx: GameContext): S;
  /** A player took seat `player.position`; return at least the DM with its private data. */
  join(state: S, player: PlayerRef, ctx: GameContext): GameStep<S>;
  /** Every seat is taken: the game is active (turn announcements, first questions). */
  start(state: S, players: string[], ctx: GameContext): GameStep<S>;
  /** A player's action while the game is active. */
  act(state: S, action: GameAction, players: string[], ctx: GameContext): GameStep<S>;
  /**
   * What anyone may see of the state. Before the end it never holds a player's private data;
   * after the end it may reveal everything.
   */
  publicState(state: S, ended: boolean): Record<string, unknown>;
  /** The game stalled past the timeout: its final scores (e.g. nobody wins, no breach). */
  timeout(state: S, players: string[], ctx: GameContext): GameEnd;
}

// ───────────── scoring ─────────────

/** A strategy's stored row for one player: SpecArena's ScoringEntry plus its running state. */
export interface StoredEntry extends ScoringEntry {
  state: Record<string, number>;
}

/** The rows of one strategy for one game type (read before, written after `update`). */
export interface ScoringStore {
  get(playerId: string): StoredEntry | undefined;
  set(entry: StoredEntry): void;
}

/**
 * A per-game-type strategy (SpecArena's `ScoringStrategy`). `update` is synchronous so it runs inside
 * the transaction that ends the game; the service loads the involved players' rows first.
 */
export interface ScoringStrategy {
  name: string;
  metrics: MetricDescriptor[];
  update(result: GameResult, store: ScoringStore): void;
}
