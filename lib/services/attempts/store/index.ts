// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
// Every SQL statement of the attempt hot path (load → claim → record), as SQL steps
// (lib/db/sql.ts): one place to read, the same text on SQLite and PostgreSQL. One file per table.

export * from "@/lib/services/attempts/store/playable";
export * from "@/lib/services/attempts/store/attempt-rows";
export * from "@/lib/services/attempts/store/leaderboard-entries";
export * from "@/lib/services/attempts/store/outbox";
export type { Param } from "@/lib/db/sql";
export * from "@/lib/services/attempts/store/verdict-reviews";
