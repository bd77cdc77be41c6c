import { describe, expect, it } from "vitest";
import { arenaGames, arenaGameTypes, getArenaGame } from "@/lib/arena/games";
import type { ArenaGame } from "@/lib/arena/types";
import { ctx, play, seat, seededRng } from "./rng";

const expected = ["psi", "ultimatum", "millionaire", "dining-cryptographers", "secret-keeper"];

describe("arena game registry", () => {
  it("lists the five games under their type", () => {
    expect(arenaGameTypes()).toEqual(expected);
    expect(Object.keys(arenaGames).sort()).toEqual([...expected].sort());
    for (const type of expected) expect(getArenaGame(type)?.type).toBe(type);
  });

  it.each(["", "nope", "toString", "__proto__", "constructor"])("has no game %j", (type) => {
    expect(getArenaGame(type)).toBeUndefined();
  });

  it.each(expected)("%s: metadata, strategies and methods are complete", (type) => {
    const game = getArenaGame(type) as ArenaGame;
    const m = game.metadata;
    expect(m.name.length).toBeGreaterThan(0);
    expect(m.description.length).toBeGreaterThan(0);
    expect(m.players).toBeGreaterThanOrEqual(2);
    expect(m.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(m.icon).toMatch(/^[a-z-]+$/);
    expect(m.tags?.length).toBeGreaterThan(0);
    expect(m.methods.length).toBeGreaterThan(0);
    for (const method of m.methods) {
      expect(method.description.length).toBeGreaterThan(0);
      expect(m.prompt).toContain(`\`${method.name}\``);
    }
    expect(game.defaultStrategy).toBe("average");
    expect(game.strategies).toEqual(
      type === "ultimatum"
        ? ["average", "win-rate", "consecutive"]
        : ["average", "win-rate", "red-team", "consecutive"],
    );
  });
});

/** Contents that hit valid and invalid paths of every game's methods. */
function randomContent(rng: () => number, players: string[]): string {
  const options = [
    "",
    "external",
    "internal",
    "unknown",
    players[Math.floor(rng() * players.length)] ?? "",
    String(1 + Math.floor(rng() * 100)),
    `${Math.floor(rng() * 101)} ${Math.floor(rng() * 101)}`,
    "60 40",
    `${1 + Math.floor(rng() * 4)} ${Math.floor(rng() * 100)}`,
    Array.from({ length: 1 + Math.floor(rng() * 14) }, () => 100 + Math.floor(rng() * 801)).join(" "),
  ];
  return options[Math.floor(rng() * options.length)] ?? "";
}

describe.each(expected)("%s: random play", (type) => {
  const game = getArenaGame(type) as ArenaGame;

  it("keeps states JSON-safe and unmutated, and ends with one score per player", () => {
    let ended = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const t = seat(game, seed);
      const rng = seededRng(seed * 7919);
      expect(JSON.parse(JSON.stringify(t.state))).toEqual(t.state);
      for (let i = 0; i < 400; i++) {
        const position = Math.floor(rng() * t.players.length);
        const method = game.metadata.methods[Math.floor(rng() * game.metadata.methods.length)]?.name ?? "";
        const step = play(t, position, method, randomContent(rng, t.players));
        if (step.error) {
          expect(step.error.code).toMatch(/^[A-Z_]+$/);
          expect(step.error.message.length).toBeGreaterThan(0);
          continue;
        }
        expect(JSON.parse(JSON.stringify(step.state))).toEqual(step.state);
        for (const m of step.messages) expect(m.to === undefined || t.players.includes(m.to)).toBe(true);
        if (step.end) {
          ended++;
          expect(step.end.scores).toHaveLength(t.players.length);
          for (const s of step.end.scores) {
            expect(Number.isFinite(s.security) && Number.isFinite(s.utility)).toBe(true);
          }
          expect(step.messages.map((m) => m.content)).toContain("Game ended.");
          break;
        }
      }
      const timeout = game.timeout(t.state, t.players, ctx(seed));
      expect(timeout.scores).toHaveLength(t.players.length);
    }
    expect(ended).toBeGreaterThan(0);
  });
});
