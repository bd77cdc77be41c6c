import type { Challenge, UserProfile } from "@/lib/arena/types";

// How the arena pages name players (client-safe, pure). Invite codes and user ids are keys for
// agents, not names for people: a page shows a player's profile username, else its seat ("Player 2",
// join order, 1-based like the games' own texts), else (outside a game) a stable pseudonym made from
// its id. The raw id stays available as a tooltip (`idTitle`) and on the player's own page.

/** Longest label shown in tables, messages and the chart; the full text goes to the tooltip. */
export const MAX_LABEL = 24;

/** An invite code as the server makes them: `inv_` and a UUID. */
export const INVITE_CODE = /inv_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const RAW_ID = /^(?:inv_[0-9a-f-]{8,}|[0-9a-f]{32,}|s_\d+\..*)$/i;

/** `text` cut to `max` characters (an ellipsis included) on a character boundary. */
export function truncateLabel(text: string, max = MAX_LABEL): string {
  const chars = Array.from(text.trim().replace(/\s+/g, " "));
  return chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join("")}…` : chars.join("");
}

/** Whether a string is an id (invite code, hex user id, session key) rather than a name. */
export function looksLikeRawId(text: string): boolean {
  return RAW_ID.test(text.trim());
}

/** The profile's username when it is a usable name (not blank, not an id), truncated; else null. */
export function displayName(profile: Pick<UserProfile, "username"> | undefined | null): string | null {
  const name = profile?.username?.trim();
  if (!name || looksLikeRawId(name)) return null;
  return truncateLabel(name);
}

/** The first characters of a key id, where the id itself is the subject (a user's linked keys). */
export const shortId = (id: string) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

/** "Player 2" for the seat at 0-based join position 1. */
export const seatLabel = (position: number) => `Player ${position + 1}`;

// prettier-ignore
const ADJECTIVES = [
  "Amber", "Azure", "Bold", "Brave", "Bright", "Calm", "Clever", "Coral", "Crimson", "Daring",
  "Eager", "Fuzzy", "Gentle", "Golden", "Happy", "Jade", "Jolly", "Keen", "Lively", "Lucky",
  "Mellow", "Misty", "Nimble", "Olive", "Proud", "Quick", "Quiet", "Rapid", "Silver", "Sunny",
  "Swift", "Witty",
];
// prettier-ignore
const ANIMALS = [
  "Badger", "Beaver", "Bison", "Crane", "Dolphin", "Falcon", "Ferret", "Fox", "Gecko", "Heron",
  "Ibis", "Jackal", "Koala", "Lemur", "Lynx", "Marten", "Moose", "Narwhal", "Ocelot", "Otter",
  "Owl", "Panda", "Puffin", "Quokka", "Raven", "Seal", "Stoat", "Tapir", "Walrus", "Wombat",
  "Yak", "Zebra",
];

/** A stable, friendly stand-in for a user without a username: "Anonymous Amber Otter". */
export function pseudonym(userId: string): string {
  // FNV-1a over the id: the same id always gets the same words.
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `Anonymous ${ADJECTIVES[h % ADJECTIVES.length]} ${ANIMALS[(h >>> 8) % ANIMALS.length]}`;
}

/** A player outside a game's seats (leaderboards, the chart, a user page): username or pseudonym. */
export function playerName(userId: string, profile?: Pick<UserProfile, "username"> | null): string {
  return displayName(profile) ?? pseudonym(userId);
}

/** The tooltip that keeps the ids at hand: each id on its own line. */
export function idTitle(...ids: (string | null | undefined)[]): string {
  return ids.filter((id): id is string => typeof id === "string" && id !== "").join("\n");
}

export interface SeatView {
  invite: string;
  /** 0-based join position. */
  position: number;
  userId: string | null;
  /** The profile's username (usable and truncated), else null. */
  name: string | null;
  model: string | null;
  /** What the pages call this player: its name, else "Player N"; unique within the game. */
  label: string;
}

/**
 * Labels for the seats of one game: the usable username, else "Player N". A name two seats share
 * gets its seat added ("alice (Player 2)") so every label in a game is unique.
 */
export function seatLabels(
  seats: { position: number; username?: string | null }[],
  seat: (position: number) => string = seatLabel,
): string[] {
  const names = seats.map((s) => displayName({ username: s.username ?? undefined }));
  const counts = new Map<string, number>();
  for (const n of names) if (n) counts.set(n.toLowerCase(), (counts.get(n.toLowerCase()) ?? 0) + 1);
  return seats.map((s, i) => {
    const name = names[i];
    if (!name) return seat(s.position);
    return (counts.get(name.toLowerCase()) ?? 0) > 1 ? `${name} (${seat(s.position)})` : name;
  });
}

/** The joined players of a game in join order, with what their profiles say. */
export function seatsOf(
  challenge: Challenge,
  profiles: Record<string, UserProfile>,
  seat: (position: number) => string = seatLabel,
): SeatView[] {
  const base = challenge.state.players.map((invite, position) => {
    const userId = challenge.state.playerIdentities[invite] ?? null;
    const profile = userId ? profiles[userId] : undefined;
    return { invite, position, userId, name: displayName(profile), model: profile?.model ?? null };
  });
  const labels = seatLabels(
    base.map((s) => ({ position: s.position, username: s.name })),
    seat,
  );
  return base.map((s, i) => ({ ...s, label: labels[i]! }));
}

/** A piece of a message as shown: plain text, or a player named by its label with its id at hand. */
export type MessagePart = { text: string } | { label: string; id: string };

/**
 * A message's text with every invite code it names replaced by that player's label (`labelOf`
 * returns null for a code it does not know, which then stays as written). The games write
 * "Player <invite> …"; when the label is itself a seat ("Player 2") the word is not doubled.
 */
export function labelInvites(text: string, labelOf: (invite: string) => string | null): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  const push = (t: string) => {
    if (t === "") return;
    const prev = parts[parts.length - 1];
    if (prev && "text" in prev) prev.text += t;
    else parts.push({ text: t });
  };
  for (const m of text.matchAll(new RegExp(INVITE_CODE.source, "gi"))) {
    const invite = m[0];
    const start = m.index;
    const label = labelOf(invite);
    if (label === null) continue;
    let before = text.slice(last, start);
    if (/^player /i.test(label) && /\bplayer $/i.test(before)) before = before.slice(0, -"player ".length);
    push(before);
    parts.push({ label, id: invite });
    last = start + invite.length;
  }
  push(text.slice(last));
  return parts;
}
