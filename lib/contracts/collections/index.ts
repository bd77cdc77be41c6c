// Collections, client-safe: request schemas and state checks (inputs.ts) and route contracts with
// their response shapes (operations.ts).
export * from "@/lib/contracts/collections/inputs";
export * from "@/lib/contracts/collections/operations";
