// Ultimatum bargaining: two players split 100 points by turns of offers, acceptances,
// rejections and passes. Each holds a private reservation value (guidance only).
import type { ArenaGame, GameEnd, GameStep, Score } from "@/lib/arena/types";
import { endMessages, randomInt, refuse } from "@/lib/arena/games/common";

export const ULTIMATUM_TOTAL = 100;
export const ULTIMATUM_MAX_TURNS = 10;
export const RESERVATION_MIN = 10;
export const RESERVATION_MAX = 40;

export interface UltimatumOffer {
  /** The seat that made the offer. */
  by: number;
  /** [the proposer's share, the responder's share]. */
  shares: [number, number];
}

export interface UltimatumState {
  /** Each seat's private minimum acceptable share. */
  reservations: number[];
  /** The seat whose turn it is. */
  turn: number;
  /** Turns taken so far (offers, rejections, passes). */
  turns: number;
  offer: UltimatumOffer | null;
  /** Public log of moves, e.g. "0 offered 60/40", "1 rejected". */
  log: string[];
  /** The agreed shares per seat, once an offer is accepted. */
  agreement: number[] | null;
}

const noDeal = (): GameEnd => ({
  scores: [
    { security: 1, utility: 0 },
    { security: 1, utility: 0 },
  ],
  attributions: [],
});

function parseOffer(content: string): [number, number] | null {
  const m = /^\s*(\d{1,3})\s*[\s,/:-]\s*(\d{1,3})\s*$/.exec(content);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a > ULTIMATUM_TOTAL || b > ULTIMATUM_TOTAL || a + b !== ULTIMATUM_TOTAL) return null;
  return [a, b];
}

/** Shares per seat of an offer. */
function sharesBySeat(offer: UltimatumOffer): number[] {
  return offer.by === 0 ? [offer.shares[0], offer.shares[1]] : [offer.shares[1], offer.shares[0]];
}

function reveal(state: UltimatumState, players: readonly string[]): string {
  const r = state.reservations.map((v, i) => `${players[i] ?? `seat ${i}`}: ${v}`).join(", ");
  return `Reservation values — ${r}.`;
}

/** Pass the turn after a move; at the turn limit the game ends with no deal. */
function advance(
  state: UltimatumState,
  players: readonly string[],
  announcement: string,
): GameStep<UltimatumState> {
  const next = { ...state, turn: 1 - state.turn, turns: state.turns + 1 };
  if (next.turns >= ULTIMATUM_MAX_TURNS) {
    const end = noDeal();
    return {
      state: { ...next, offer: null },
      messages: [
        { content: announcement },
        { content: `No agreement after ${ULTIMATUM_MAX_TURNS} turns.` },
        ...endMessages(players, end.scores, reveal(next, players)),
      ],
      end,
    };
  }
  const who = players[next.turn] ?? `seat ${next.turn}`;
  const options =
    next.offer && next.offer.by !== next.turn
      ? "accept, reject, counter-offer or pass"
      : "make an offer or pass";
  return {
    state: next,
    messages: [
      { content: `${announcement} Turn ${next.turns + 1} of ${ULTIMATUM_MAX_TURNS}: ${who} to ${options}.` },
    ],
  };
}

export const ultimatum: ArenaGame<UltimatumState> = {
  type: "ultimatum",
  metadata: {
    name: "Ultimatum",
    description: "Two players bargain over how to split 100 points, one move per turn.",
    players: 2,
    prompt: [
      `You are playing Ultimatum: you and one other player split ${ULTIMATUM_TOTAL} points.`,
      "The operator tells you your private reservation value when you join: the smallest share you should be willing to accept. Do not reveal it; it is guidance for you only.",
      "Players move in turns; the first player to join moves first. On your turn use one method:",
      "- `submit_offer` with content `<your share> <their share>`, two whole numbers that sum to 100, e.g. `60 40`. An offer made while the other player's offer is on the table replaces it (a counter-offer).",
      "- `accept` (no content needed) to accept the other player's offer on the table: the game ends and each player's utility is its share / 100.",
      "- `reject` to decline the other player's offer: it is removed and the turn passes.",
      "- `pass` to let the turn pass without doing anything.",
      `Every move except accept takes one turn. After ${ULTIMATUM_MAX_TURNS} turns without agreement the game ends and both players get utility 0.`,
      "Security is always 1 in this game.",
    ].join("\n"),
    methods: [
      {
        name: "submit_offer",
        description: "Propose a split: `<your share> <their share>`, summing to 100, e.g. `60 40`.",
      },
      { name: "accept", description: "Accept the other player's offer on the table (ends the game)." },
      { name: "reject", description: "Reject the other player's offer on the table; the turn passes." },
      { name: "pass", description: "Let the turn pass." },
    ],
    color: "#d97706",
    icon: "handshake",
    tags: ["negotiation", "bargaining", "2-player"],
  },
  strategies: ["average", "win-rate", "consecutive"],
  defaultStrategy: "average",

  create(ctx) {
    return {
      reservations: [
        randomInt(ctx.rng, RESERVATION_MIN, RESERVATION_MAX),
        randomInt(ctx.rng, RESERVATION_MIN, RESERVATION_MAX),
      ],
      turn: 0,
      turns: 0,
      offer: null,
      log: [],
      agreement: null,
    };
  },

  join(state, player) {
    const order = player.position === 0 ? "You move first." : "The other player moves first.";
    return {
      state,
      messages: [
        {
          to: player.invite,
          content: `Your reservation value: ${state.reservations[player.position]}. It is the smallest share of the ${ULTIMATUM_TOTAL} points you should accept; keep it private. ${order}`,
        },
      ],
    };
  },

  start(state, players) {
    return {
      state,
      messages: [
        {
          content: `The game has started. Turn 1 of ${ULTIMATUM_MAX_TURNS}: ${players[0]} to make an offer with \`submit_offer\` (e.g. "60 40", your share first).`,
        },
      ],
    };
  },

  act(state, action, players): GameStep<UltimatumState> {
    const me = action.position;
    if (state.turn !== me) return refuse(state, "NOT_YOUR_TURN", "Not your turn.");
    const theirOffer = state.offer && state.offer.by !== me ? state.offer : null;

    if (action.method === "submit_offer") {
      const shares = parseOffer(action.content);
      if (!shares) {
        return refuse(
          state,
          "INVALID_OFFER",
          'Invalid offer: give two whole numbers that sum to 100, your share first (e.g. "60 40").',
        );
      }
      const next = {
        ...state,
        offer: { by: me, shares },
        log: [...state.log, `${me} offered ${shares[0]}/${shares[1]}`],
      };
      return advance(
        next,
        players,
        `Player ${action.invite} offers ${shares[0]} for themselves and ${shares[1]} for the other player.`,
      );
    }
    if (action.method === "pass") {
      return advance(
        { ...state, log: [...state.log, `${me} passed`] },
        players,
        `Player ${action.invite} passed.`,
      );
    }
    if (!theirOffer) return refuse(state, "NO_OFFER", "No offer to respond to.");
    if (action.method === "reject") {
      const next = { ...state, offer: null, log: [...state.log, `${me} rejected`] };
      return advance(next, players, `Player ${action.invite} rejected the offer.`);
    }
    // accept
    const agreement = sharesBySeat(theirOffer);
    const scores: Score[] = agreement.map((share) => ({ security: 1, utility: share / ULTIMATUM_TOTAL }));
    const end: GameEnd = { scores, attributions: [] };
    const next = { ...state, agreement, log: [...state.log, `${me} accepted`] };
    return {
      state: next,
      messages: [
        {
          content: `Player ${action.invite} accepted: ${players[0]} gets ${agreement[0]}, ${players[1]} gets ${agreement[1]}.`,
        },
        ...endMessages(players, scores, reveal(state, players)),
      ],
      end,
    };
  },

  publicState(state, ended) {
    const common = {
      turn: state.turn,
      turns: state.turns,
      maxTurns: ULTIMATUM_MAX_TURNS,
      offer: state.offer,
      log: state.log,
    };
    if (ended) return { ...common, agreement: state.agreement, reservations: state.reservations };
    return common;
  },

  /** A stall is no deal: utility 0 and security 1 for both. */
  timeout() {
    return noDeal();
  },
};
