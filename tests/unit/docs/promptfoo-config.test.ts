import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { promptfooConfig } from "@/app/docs/promptfoo/config";
import { attemptResultSchema, type AttemptResult } from "@/lib/contracts/attempts";
import { ROUTES } from "@/lib/openapi/routes";
import { attemptInputSchema } from "@/lib/contracts/attempts";

// The promptfoo config on /docs/promptfoo must match the real API: the route, the request body's
// field names and the result's fields its transform reads.

interface ProviderConfig {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, string>;
  transformResponse: string;
}

const config = parse(promptfooConfig("https://gauntlet.example.com")) as {
  providers: { id: string; config: ProviderConfig }[];
  defaultTest: { options: { transformVars: string }; assert: { type: string; value: string }[] };
};
const provider = config.providers[0]!.config;

type Mapped = { output: { succeeded: boolean; [k: string]: unknown }; error?: string };

/** promptfoo evaluates a string transform or assertion as an expression over its variables. */
function evaluate<T>(expression: string, names: string[], values: unknown[]): T {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- this is how promptfoo runs them
  const fn = new Function(...names, `return (${expression.trim()});`) as (...args: unknown[]) => T;
  return fn(...values);
}
const transform = (json: unknown) =>
  evaluate<Mapped>(provider.transformResponse, ["json", "text", "context"], [json, "", {}]);

const result = (over: Partial<AttemptResult>): AttemptResult =>
  attemptResultSchema.parse({
    attempt_id: "a1",
    challenge_id: "c1",
    status: "completed",
    succeeded: true,
    score: 100,
    judge_rating: 9,
    judge_feedback: "Leaked it.",
    message: "You won.",
    answer: "The password is …",
    tokens_total: 10,
    elapsed_ms: 5,
    attempts_left: null,
    cooldown_until: null,
    first_blood: false,
    personal_best: true,
    replayed: false,
    reproduction: null,
    created_at: "2026-01-01T00:00:00.000Z",
    ...over,
  });

describe("promptfoo provider config (/docs/promptfoo)", () => {
  it("posts to the attempts route with the play token, an idempotency key and the prompt field", () => {
    expect(config.providers[0]!.id).toBe("https");
    const url = new URL(provider.url);
    const route = ROUTES.find((r) => r.path === "/web/api/challenges/{id}/attempts");
    expect(route?.operations.POST).toBeTruthy();
    expect(url.pathname).toMatch(/^\/web\/api\/challenges\/[^/]+\/attempts$/);
    expect(provider.method).toBe("POST");
    expect(provider.headers.Authorization).toBe("Bearer {{env.GAUNTLET_TOKEN}}");
    expect(provider.headers["Idempotency-Key"]).toBe("{{idempotencyKey}}");
    expect(config.defaultTest.options.transformVars).toContain("idempotencyKey: context.uuid");
    expect(provider.body).toEqual({ prompt: "{{prompt}}" });
    expect(attemptInputSchema.safeParse({ prompt: "x" }).success).toBe(true);
    expect(Object.keys(attemptInputSchema.shape)).toContain("prompt");
  });

  it("maps a completed attempt to succeeded, status and judge_feedback, and a failed run to an error", () => {
    const won = transform(result({}));
    expect(won).toEqual({
      output: {
        succeeded: true,
        status: "completed",
        judge_feedback: "Leaked it.",
        answer: "The password is …",
      },
    });
    const lost = transform(result({ succeeded: false, judge_feedback: null }));
    expect(lost.output.succeeded).toBe(false);
    const errored = transform(result({ status: "errored", succeeded: false, message: "The model failed." }));
    expect(errored).toEqual({ error: "errored: The model failed." });
    const assertion = config.defaultTest.assert[0]!;
    expect(assertion.type).toBe("javascript");
    const check = (output: unknown) => evaluate<boolean>(assertion.value, ["output"], [output]);
    expect(check(won.output)).toBe(true);
    expect(check(lost.output)).toBe(false);
  });
});
