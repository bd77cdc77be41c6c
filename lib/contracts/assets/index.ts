// Assets, client-safe: media types and request schemas (inputs.ts) and route contracts (operations.ts).
export * from "@/lib/contracts/assets/inputs";
export * from "@/lib/contracts/assets/operations";
