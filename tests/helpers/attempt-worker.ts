// A separate app process that plays one attempt, for crash tests: the test kills it while the
// model call is in flight. Run: node --conditions=react-server --import tsx tests/helpers/attempt-worker.ts
// with the test's environment (same DATABASE_URL, keys, OUTBOUND_ALLOW) and ATTEMPT_WORKER_INPUT
// = JSON { challengeId, accountId, prompt, idempotencyKey? }. Prints the result as one JSON line.
const { submitAttempt } = await import("@/lib/services/attempts");
const input = JSON.parse(process.env.ATTEMPT_WORKER_INPUT ?? "{}") as {
  challengeId: string;
  accountId: string;
  prompt: string;
  idempotencyKey?: string;
};
process.stdout.write(`claiming ${process.pid}\n`);
const result = await submitAttempt(input);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);

export {};
