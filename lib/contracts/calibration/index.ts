// Judge calibration of a challenge, client-safe: request schemas (inputs.ts), response shapes
// (views.ts) and route contracts (operations.ts).
export * from "@/lib/contracts/calibration/inputs";
export * from "@/lib/contracts/calibration/views";
export * from "@/lib/contracts/calibration/operations";
