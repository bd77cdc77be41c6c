import "server-only";

// CTFd-style hints: ./console.ts (creators), ./play.ts (players), ./store.ts (SQL steps shared
// with the attempt recording).

export { createHint, deleteHint, listConsoleHints, moveHint, updateHint } from "@/lib/services/hints/console";
export { listPlayerHints, unlockHint } from "@/lib/services/hints/play";
