// Collections, client-safe: request schemas and state checks (inputs.ts) and route contracts with
// their response shapes (operations.ts); the ladder views the pages show (views.ts).
export * from "@/lib/contracts/collections/inputs";
export * from "@/lib/contracts/collections/operations";
export * from "@/lib/contracts/collections/views";
