// Accounts, client-safe: sign-in and registration schemas (inputs.ts), profile settings
// (profile.ts) and the auth route contracts (operations.ts).
export * from "@/lib/contracts/auth/inputs";
export * from "@/lib/contracts/auth/profile";
export * from "@/lib/contracts/auth/operations";
