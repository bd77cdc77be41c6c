// Shared case shape of the rules evaluator tests (rules.test.ts, rules-secret.test.ts).
export type Case = {
  name: string;
  successType: "regex" | "contains";
  pattern: string;
  text: string;
  secret?: string;
  flags?: string;
  outcome: "pass" | "fail";
};
