import type { ScoringStore, StoredEntry } from "@/lib/arena/types";

function copy(entry: StoredEntry): StoredEntry {
  return { ...entry, metrics: { ...entry.metrics }, state: { ...entry.state } };
}

/**
 * A `ScoringStore` over a Map (rebuilds and tests). It keeps and hands out copies, so a strategy
 * that changed an entry after `set` (or a caller holding one from `get`) cannot alter the store.
 */
export class MemoryScoringStore implements ScoringStore {
  private readonly rows = new Map<string, StoredEntry>();

  constructor(entries: Iterable<StoredEntry> = []) {
    for (const e of entries) this.set(e);
  }

  get(playerId: string): StoredEntry | undefined {
    const e = this.rows.get(playerId);
    return e && copy(e);
  }

  set(entry: StoredEntry): void {
    this.rows.set(entry.playerId, copy(entry));
  }

  get size(): number {
    return this.rows.size;
  }

  /** Every entry, by player id. */
  entries(): StoredEntry[] {
    return [...this.rows.values()]
      .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0))
      .map(copy);
  }
}
