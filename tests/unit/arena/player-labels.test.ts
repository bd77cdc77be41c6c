// How the arena pages name players: seat labels ("Player N" by join order), profile usernames,
// truncation, pseudonyms outside a game, invite codes inside message text, and the session and
// score tables as rendered (the ids only in tooltips and links, never as the visible name).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Challenge, UserProfile } from "@/lib/arena/types";

vi.mock("next-intl/server", async () => {
  const { createFormatter, createTranslator } = await import("next-intl");
  const { default: messages } = await import("@/lib/i18n/messages/en/index");
  return {
    getTranslations: (namespace: string) =>
      Promise.resolve(createTranslator({ locale: "en", messages, namespace: namespace as never })),
    getFormatter: () => Promise.resolve(createFormatter({ locale: "en", timeZone: "UTC" })),
  };
});

const {
  displayName,
  idTitle,
  labelInvites,
  looksLikeRawId,
  MAX_LABEL,
  playerName,
  pseudonym,
  seatLabels,
  seatsOf,
  truncateLabel,
} = await import("@/components/arena/players");
const { SessionTable } = await import("@/components/arena/session-table");
const { ScoreTable } = await import("@/components/arena/score-table");

const INV_A = "inv_6edaf4e4-1c2b-4d3e-8f90-0123456789ab";
const INV_B = "inv_0b7c1d2e-3f40-4a5b-9c6d-7e8f90a1b2c3";
const INV_FREE = "inv_99999999-8888-4777-a666-555555555555";
const USER_A = "a".repeat(8) + "0123456789abcdef".repeat(3) + "b".repeat(8);
const USER_B = "3f2a9c1b".repeat(8);
const RAW_INVITE = /inv_[0-9a-f-]{8,}/;
const HEX_ID = /[0-9a-f]{8}/;

function game(profileless = false): Challenge {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    name: "psi",
    createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    challengeType: "psi",
    invites: [INV_B, INV_A, INV_FREE],
    state: {
      status: "active",
      scores: [],
      // Join order, not invite order: A took its seat first.
      players: [INV_A, INV_B],
      playerIdentities: profileless ? {} : { [INV_A]: USER_A, [INV_B]: USER_B },
    },
    gameState: {},
  };
}

/** The page's visible text: tags and attribute values (tooltips, hrefs) removed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("seat labels", () => {
  it("names seats by join order, 1-based, when no profile names them", () => {
    expect(seatLabels([{ position: 0 }, { position: 1 }, { position: 2 }])).toEqual([
      "Player 1",
      "Player 2",
      "Player 3",
    ]);
    const seats = seatsOf(game(), {});
    expect(seats.map((s) => [s.invite, s.label])).toEqual([
      [INV_A, "Player 1"],
      [INV_B, "Player 2"],
    ]);
    expect(seatsOf(game(true), {}).map((s) => s.label)).toEqual(["Player 1", "Player 2"]);
  });

  it("uses the profile's username, and a translated seat text when given", () => {
    const profiles: Record<string, UserProfile> = {
      [USER_B]: { userId: USER_B, username: "bob", model: "gpt-4o" },
    };
    const seats = seatsOf(game(), profiles, (p) => `Seat #${p + 1}`);
    expect(seats.map((s) => s.label)).toEqual(["Seat #1", "bob"]);
    expect(seats[1]).toMatchObject({ name: "bob", model: "gpt-4o", userId: USER_B, invite: INV_B });
  });

  it("truncates long names to MAX_LABEL characters with an ellipsis", () => {
    const long = "An extremely long agent name that goes on and on";
    const [label] = seatLabels([{ position: 0, username: long }]);
    expect(Array.from(label!)).toHaveLength(MAX_LABEL);
    expect(label!.endsWith("…")).toBe(true);
    expect(long.startsWith(label!.slice(0, -1))).toBe(true);
    expect(truncateLabel("short")).toBe("short");
    expect(truncateLabel("  spaced \n  out  ")).toBe("spaced out");
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(truncateLabel("😀".repeat(30), 5)).toBe("😀😀😀😀…");
  });

  it("never shows an invite code, hex id or session key as a name when a seat label exists", () => {
    expect(looksLikeRawId(INV_A)).toBe(true);
    expect(looksLikeRawId("inv_6edaf4e4-…")).toBe(false); // already shortened text is not an id
    expect(looksLikeRawId(USER_A)).toBe(true);
    expect(looksLikeRawId("s_1700000000000.abc")).toBe(true);
    expect(looksLikeRawId("alice")).toBe(false);
    for (const username of [INV_A, USER_B, "   ", ""]) {
      expect(displayName({ username })).toBeNull();
      expect(seatLabels([{ position: 1, username }])).toEqual(["Player 2"]);
    }
    const profiles: Record<string, UserProfile> = {
      [USER_A]: { userId: USER_A, username: INV_A },
      [USER_B]: { userId: USER_B, username: USER_B },
    };
    for (const s of seatsOf(game(), profiles)) {
      expect(s.label).not.toMatch(RAW_INVITE);
      expect(s.label).not.toMatch(HEX_ID);
    }
  });

  it("keeps labels unique in a game: a shared name gets its seat", () => {
    expect(
      seatLabels([
        { position: 0, username: "gpt-agent" },
        { position: 1, username: "GPT-agent" },
        { position: 2, username: "solo" },
      ]),
    ).toEqual(["gpt-agent (Player 1)", "GPT-agent (Player 2)", "solo"]);
  });
});

describe("names outside a game", () => {
  it("is the username, else a stable pseudonym without any hex", () => {
    expect(playerName(USER_A, { username: "alice" })).toBe("alice");
    const p = playerName(USER_A, {});
    expect(p).toBe(pseudonym(USER_A));
    expect(p).toBe(playerName(USER_A, { username: USER_A }));
    expect(p).toMatch(/^Anonymous [A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(p.length).toBeLessThanOrEqual(MAX_LABEL);
    expect(p).not.toMatch(HEX_ID);
    // Distinct ids mostly get distinct words.
    const many = new Set(Array.from({ length: 50 }, (_, i) => pseudonym(`${i}`.padStart(64, "0"))));
    expect(many.size).toBeGreaterThan(40);
  });

  it("keeps the ids for the tooltip", () => {
    expect(idTitle(USER_A, INV_A)).toBe(`${USER_A}\n${INV_A}`);
    expect(idTitle(null, INV_A)).toBe(INV_A);
  });
});

describe("invite codes inside message text", () => {
  const labels: Record<string, string> = { [INV_A]: "Player 1", [INV_B]: "bob" };
  const labelOf = (invite: string) => labels[invite] ?? null;
  const text = (parts: ReturnType<typeof labelInvites>) =>
    parts.map((p) => ("text" in p ? p.text : `[${p.label}|${p.id}]`)).join("");

  it("shows the player's label where the game wrote its invite, the code kept as the id", () => {
    expect(text(labelInvites(`Player ${INV_A} sent a guess`, labelOf))).toBe(
      `[Player 1|${INV_A}] sent a guess`,
    );
    expect(text(labelInvites(`Player ${INV_B} passed.`, labelOf))).toBe(`Player [bob|${INV_B}] passed.`);
    expect(text(labelInvites(`The game has started: ${INV_A} and ${INV_B}. Chat!`, labelOf))).toBe(
      `The game has started: [Player 1|${INV_A}] and [bob|${INV_B}]. Chat!`,
    );
    expect(text(labelInvites(`Player ${INV_A.toUpperCase()} accepted`, labelOf))).toBe(
      `Player ${INV_A.toUpperCase()} accepted`,
    );
  });

  it("leaves text without codes, and codes it cannot name, as written", () => {
    expect(labelInvites("Player 2 outcome: 3 shared", labelOf)).toEqual([
      { text: "Player 2 outcome: 3 shared" },
    ]);
    expect(text(labelInvites(`seat 0 = ${INV_FREE}`, labelOf))).toBe(`seat 0 = ${INV_FREE}`);
    expect(labelInvites("", labelOf)).toEqual([]);
  });
});

describe("rendered tables", () => {
  it("the session table names players by username or seat; ids only in tooltips", async () => {
    const profiles: Record<string, UserProfile> = { [USER_B]: { userId: USER_B, model: "gpt-4o" } };
    const html = renderToStaticMarkup(
      await SessionTable({
        games: [game()],
        profiles,
        catalogue: {
          psi: { name: "Private Set Intersection", description: "", players: 3, prompt: "", methods: [] },
        },
        caption: "Live",
      }),
    );
    const text = visibleText(html);
    expect(text).toContain("Player 1");
    expect(text).toContain("Player 2 · gpt-4o");
    expect(text).toContain("1 free seat");
    expect(text).not.toMatch(RAW_INVITE);
    expect(text).not.toMatch(HEX_ID);
    expect(html).toContain(`title="${USER_A}\n${INV_A}"`);
  });

  it("the score table names a player without a username by its pseudonym; the id is the tooltip", async () => {
    const html = renderToStaticMarkup(
      await ScoreTable({
        rows: [
          { playerId: USER_A, username: "alice", gamesPlayed: 2, metrics: {} },
          { playerId: USER_B, gamesPlayed: 1, metrics: {} },
        ],
        metrics: [],
        caption: "Board",
      }),
    );
    const text = visibleText(html);
    expect(text).toContain("alice");
    expect(text).toContain(pseudonym(USER_B));
    expect(text).not.toMatch(HEX_ID);
    expect(html).toContain(`title="${USER_B}" href="/arena/users/${USER_B}">${pseudonym(USER_B)}</a>`);
  });
});
