// Shared helpers of the arena protocol tests (arena-protocol.test.ts, arena-protocol-modes.test.ts).
import { expect } from "vitest";
import { all, query } from "@/lib/db/sql";

export type Msg = {
  channel: string;
  from: string;
  to?: string;
  content: string;
  index: number;
  timestamp: number;
  redacted?: boolean;
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The PSI sets live in the stored state; none of their numbers may appear in `gameState`. */
export async function expectNoPrivateNumbers(gameId: string, gameState: unknown) {
  const [row] = await query(() =>
    all<{ state: unknown }>("SELECT state FROM arena_games WHERE id = $1", gameId),
  );
  const stored = JSON.stringify(row!.state);
  const numbers = [...new Set((stored.match(/\b[1-9]\d{2}\b/g) ?? []).map(Number))];
  expect(numbers.length).toBeGreaterThanOrEqual(20);
  const shown = JSON.stringify(gameState);
  for (const n of numbers) expect(shown.includes(String(n)), `gameState leaks ${n}`).toBe(false);
}
