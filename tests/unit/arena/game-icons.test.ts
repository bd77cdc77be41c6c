// Game type icons: every icon name the installed games' metadata uses is drawn as an inline SVG,
// an unknown name draws nothing, and a game card never prints the icon's name as text.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ChallengeMetadata } from "@/lib/arena/types";

vi.mock("next-intl/server", async () => {
  const { createTranslator } = await import("next-intl");
  const { default: messages } = await import("@/lib/i18n/messages/en/index");
  return {
    getTranslations: (namespace: string) =>
      Promise.resolve(createTranslator({ locale: "en", messages, namespace: namespace as never })),
  };
});
// The card's "New game" form is a client component bound to a server action; not under test here.
vi.mock("@/components/arena/action-forms", () => ({ NewGameButton: () => null }));

const { GAME_ICON_NAMES, GameIcon, hasGameIcon } = await import("@/components/arena/game-icons");
const { GameTypeCard } = await import("@/components/arena/game-type-card");
const { arenaGames } = await import("@/lib/arena/games");
const { default: messages } = await import("@/lib/i18n/messages/en/index");

const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function card(meta: ChallengeMetadata): Promise<string> {
  return renderToStaticMarkup(await GameTypeCard({ type: "t", meta, played: 3, signedIn: false }));
}

describe("game icons", () => {
  const games = Object.entries(arenaGames);

  it("draws every icon name the games' metadata uses", () => {
    expect(games.length).toBeGreaterThan(0);
    for (const [type, game] of games) {
      const icon = game.metadata.icon;
      if (icon === undefined) continue;
      expect(hasGameIcon(icon), `${type}: icon "${icon}"`).toBe(true);
      expect(GAME_ICON_NAMES).toContain(icon);
      const svg = renderToStaticMarkup(createElement(GameIcon, { name: icon }));
      expect(svg).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(svg).toContain(`data-icon="${icon}"`);
      expect(visibleText(svg).trim()).toBe("");
    }
  });

  it("draws nothing for a name it does not know", () => {
    for (const name of ["rocket", "", "constructor", "__proto__", undefined]) {
      expect(hasGameIcon(name)).toBe(false);
      expect(renderToStaticMarkup(createElement(GameIcon, { name }))).toBe("");
    }
  });

  it("a game card shows the icon as an SVG and never prints the icon's name", async () => {
    for (const [type, game] of games) {
      const html = await card(game.metadata);
      const text = visibleText(html);
      expect(text, type).not.toMatch(/icon:/i);
      if (game.metadata.icon) {
        expect(html, type).toContain(`data-icon="${game.metadata.icon}"`);
        expect(text, type).not.toContain(game.metadata.icon);
      }
      expect(text, type).toContain(game.metadata.name);
    }
  });

  it("a card whose icon is unknown shows the name's initial and no icon text", async () => {
    const html = await card({
      name: "Zebra crossing",
      description: "A test game.",
      players: 2,
      prompt: "",
      methods: [],
      icon: "rocket",
    });
    const text = visibleText(html);
    expect(html).not.toContain("<svg");
    expect(text).toContain(" Z ");
    expect(text).not.toMatch(/icon:|rocket/i);
  });

  it("no arena message prints an icon name", () => {
    expect(JSON.stringify(messages.arena)).not.toMatch(/icon:/i);
  });
});
