import "server-only";
import { log } from "@/lib/log";
import { deleteIdleFreeChannels } from "@/lib/services/arena/channels";
import { deleteAbandonedGames, endStalledGames } from "@/lib/services/arena/read";

// Ends stalled arena games every 30 s in each process (and any action on a stalled game ends it
// first), deletes open games nobody joined within ARENA_OPEN_GAME_TTL_SECONDS, and free chat
// channels idle for ARENA_CHAT_RETENTION_SECONDS. Several instances may sweep at once: each game ends under its row lock, once.

const EVERY_MS = 30_000;
const state = ((globalThis as Record<string, unknown>).__gauntletArenaSweeper ??= { timer: null }) as {
  timer: NodeJS.Timeout | null;
};

export function startArenaSweeper(): void {
  if (state.timer) return;
  state.timer = setInterval(() => {
    endStalledGames(true)
      .then((n) => n && log.info("arena games ended after stalling", { count: n }))
      .catch((err: unknown) => log.warn("arena stall sweep failed", { error: String(err) }));
    deleteAbandonedGames()
      .then((n) => n && log.info("open arena games nobody joined deleted", { count: n }))
      .catch((err: unknown) => log.warn("arena abandoned-game sweep failed", { error: String(err) }));
    deleteIdleFreeChannels()
      .then((n) => n && log.info("idle arena chat channels deleted", { count: n }))
      .catch((err: unknown) => log.warn("arena chat-channel sweep failed", { error: String(err) }));
  }, EVERY_MS);
  state.timer.unref?.();
}

export function stopArenaSweeper(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
