// Workflows, client-safe: draft and test-run schemas (inputs.ts) and route contracts (operations.ts).
export * from "@/lib/contracts/workflows/inputs";
export * from "@/lib/contracts/workflows/operations";
