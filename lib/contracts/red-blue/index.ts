// Red/blue team challenges, client-safe: request schemas and vocabularies (inputs.ts), response
// shapes (views.ts) and route contracts (operations.ts).
export * from "@/lib/contracts/red-blue/inputs";
export * from "@/lib/contracts/red-blue/views";
export * from "@/lib/contracts/red-blue/operations";
