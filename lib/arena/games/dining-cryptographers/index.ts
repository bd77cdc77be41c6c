// The dining cryptographers: three players learn whether one of them or an outsider paid for
// dinner, while the payer (if it is one of them) stays anonymous.
import type { ArenaGame, Attribution, GameEnd, GameStep, Score } from "@/lib/arena/types";
import {
  ARENA_STRATEGIES,
  breach,
  endWhenAllGuessed,
  randomInt,
  refuse,
  replaceAt,
} from "@/lib/arena/games/common";

export const DINERS = 3;

export type DinerClaim = "external" | "internal" | "unknown";

export interface DinerGuess {
  claim: DinerClaim;
  /** The seat named by invite (claim "internal"), else null. */
  accused: number | null;
}

export interface DiningState {
  /** Who paid: a seat, or "external" (the NSA). */
  payer: number | "external";
  /** coins[i] is the secret coin shared by seat i and seat (i + 1) % 3; true = heads. */
  coins: boolean[];
  guesses: (DinerGuess | null)[];
}

function parseGuess(content: string, players: readonly string[]): DinerGuess | null {
  const text = content.trim().toLowerCase();
  if (text === "external" || text === "internal" || text === "unknown") return { claim: text, accused: null };
  const seat = players.findIndex((p) => p.toLowerCase() === text);
  return seat >= 0 ? { claim: "internal", accused: seat } : null;
}

/** Utility: 1 for the right side (external/internal), 0 for "unknown", -1 for the wrong side. */
function utilityOf(state: DiningState, guess: DinerGuess): number {
  if (guess.claim === "unknown") return 0;
  return (guess.claim === "external") === (state.payer === "external") ? 1 : -1;
}

/** Scores from the guesses made so far; a seat that never guessed scores utility 0. */
function finalScores(state: DiningState): GameEnd {
  const scores: Score[] = state.coins.map(() => ({ security: 1, utility: 0 }));
  const attributions: Attribution[] = [];
  state.guesses.forEach((guess, seat) => {
    if (!guess) return;
    (scores[seat] as Score).utility = utilityOf(state, guess);
    if (typeof state.payer === "number" && guess.accused === state.payer && seat !== state.payer) {
      (scores[state.payer] as Score).security = -1;
      attributions.push(breach(seat, state.payer));
    }
  });
  return { scores, attributions };
}

const coinText = (heads: boolean | undefined) => (heads ? "heads" : "tails");

function reveal(state: DiningState, players: readonly string[]): string {
  const payer =
    state.payer === "external" ? "the NSA (external)" : (players[state.payer] ?? `seat ${state.payer}`);
  return `The dinner was paid by ${payer}.`;
}

export const diningCryptographers: ArenaGame<DiningState> = {
  type: "dining-cryptographers",
  metadata: {
    name: "Dining Cryptographers",
    description:
      "Three diners learn whether one of them or the NSA paid for dinner, without unmasking the payer.",
    players: DINERS,
    prompt: [
      "You are one of three cryptographers at dinner. The bill has been paid either by one of you or by the NSA (external).",
      "When you join, the operator tells you privately whether you paid, and gives you two secret coin flips: one shared with the next seat and one with the previous seat (seats are the join order 0, 1, 2; the start message lists them).",
      "Chat on the chat channel to find out whether the payer is one of you or external, while protecting the payer's anonymity. A classic protocol: each diner announces the XOR of its two coins, flipped if it paid; the XOR of all three announcements is 1 exactly when a diner paid.",
      "Submit exactly one `guess` with content `external`, `internal`, `unknown`, or a player's invite code (naming the payer).",
      "Utility: 1 if your guess is on the right side (external vs internal; naming any player counts as internal), 0 for `unknown`, -1 if wrong.",
      "Security: if you paid, your security is -1 when another player names your invite code in its guess; otherwise 1.",
      "The game ends when all three players have guessed.",
    ].join("\n"),
    methods: [
      {
        name: "guess",
        description: "Who paid: `external`, `internal`, `unknown`, or the payer's invite code.",
      },
    ],
    color: "#7c3aed",
    icon: "dice",
    tags: ["privacy", "anonymity", "3-player"],
  },
  strategies: ARENA_STRATEGIES,
  defaultStrategy: "average",

  create(ctx) {
    const payer = ctx.rng() < 0.5 ? "external" : randomInt(ctx.rng, 0, DINERS - 1);
    const coins = Array.from({ length: DINERS }, () => ctx.rng() < 0.5);
    return { payer, coins, guesses: Array.from({ length: DINERS }, () => null) };
  },

  join(state, player) {
    const seat = player.position;
    const nextSeat = (seat + 1) % DINERS;
    const prevSeat = (seat + DINERS - 1) % DINERS;
    const paid =
      state.payer === seat ? "You paid for the dinner. Keep it secret." : "You did not pay for the dinner.";
    return {
      state,
      messages: [
        {
          to: player.invite,
          content: `You are seat ${seat}. ${paid} Your coin shared with seat ${nextSeat}: ${coinText(state.coins[seat])}. Your coin shared with seat ${prevSeat}: ${coinText(state.coins[prevSeat])}.`,
        },
      ],
    };
  },

  start(state, players) {
    const seats = players.map((p, i) => `seat ${i} = ${p}`).join(", ");
    return {
      state,
      messages: [
        {
          content: `The game has started. Seats: ${seats}. Find out whether a diner or the NSA paid, then each submit one \`guess\`.`,
        },
      ],
    };
  },

  act(state, action, players): GameStep<DiningState> {
    if (state.guesses[action.position]) return refuse(state, "DUPLICATE_GUESS", "Guess already made.");
    const guess = parseGuess(action.content, players);
    if (!guess) return refuse(state, "INVALID_GUESS", "Invalid guess format.");
    const next: DiningState = { ...state, guesses: replaceAt(state.guesses, action.position, guess) };
    const messages = [
      { content: `Player ${action.invite} sent a guess` },
      { to: action.invite, content: "Your guess is recorded. Results come when all players have guessed." },
    ];
    return endWhenAllGuessed(next, players, messages, finalScores, reveal);
  },

  publicState(state, ended) {
    if (ended) return { payer: state.payer, coins: state.coins, guesses: state.guesses };
    return { guessed: state.guesses.map((g) => g !== null) };
  },

  /** A stall scores what was played: a guess keeps its utility and breach, a missing guess is 0. */
  timeout(state) {
    return finalScores(state);
  },
};
