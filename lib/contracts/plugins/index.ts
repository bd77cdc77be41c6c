// Plugins, client-safe: request schemas, sandbox output shapes and config-schema compilation
// (inputs.ts) and route contracts (operations.ts).
export * from "@/lib/contracts/plugins/inputs";
export * from "@/lib/contracts/plugins/operations";
