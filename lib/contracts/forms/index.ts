// Forms, client-safe: the state a server action hands back to its form (state.ts) and the
// FormData reader actions and the wizard share (reader.ts).
export * from "@/lib/contracts/forms/state";
export * from "@/lib/contracts/forms/reader";
