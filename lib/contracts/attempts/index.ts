// Attempts, client-safe: the request schemas (inputs.ts), submitting one (operations.ts), the
// viewer's own history on the play page (views.ts), secret claims (secret-claims.ts), a
// challenge's attempt history in the console (history.ts) and its export (export.ts).
export * from "@/lib/contracts/attempts/inputs";
export * from "@/lib/contracts/attempts/operations";
export * from "@/lib/contracts/attempts/views";
export * from "@/lib/contracts/attempts/secret-claims";
export * from "@/lib/contracts/attempts/history";
export * from "@/lib/contracts/attempts/export";
