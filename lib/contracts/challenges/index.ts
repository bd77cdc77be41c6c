// Challenges, client-safe: request schemas and the checks a draft must pass (inputs.ts), the
// challenge form read the same way by the server action and the wizard (form.ts) and route
// contracts with their response shapes (operations.ts); what the challenge pages show (views.ts).
export * from "@/lib/contracts/challenges/inputs";
export * from "@/lib/contracts/challenges/form";
export * from "@/lib/contracts/challenges/operations";
export * from "@/lib/contracts/challenges/views";
