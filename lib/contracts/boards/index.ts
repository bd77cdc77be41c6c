// Leaderboards, client-safe: the global board's route contract (operations.ts), what the board
// pages show (views.ts) and a board entry as the services read it (entries.ts).
export * from "@/lib/contracts/boards/operations";
export * from "@/lib/contracts/boards/views";
export * from "@/lib/contracts/boards/entries";
