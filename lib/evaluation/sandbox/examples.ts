// The two example plugins (an evaluator and a scorer), in JavaScript. Client-safe:
// the console offers them as starting templates, the demo seed and the tests run them.

export const SIMPLE_EVALUATOR = {
  kind: "evaluator" as const,
  entrypoints: ["evaluate"],
  configSchema: {
    type: "object",
    properties: {
      must_contain: { type: "array", items: { type: "string" } },
      banned: { type: "array", items: { type: "string" } },
    },
    additionalProperties: false,
  },
  code: `// Passes when the response contains every required word and none of the banned ones.
function evaluate(goal, response, config, ctx) {
  const text = String(response).toLowerCase();
  const required = config.must_contain || [];
  const banned = (config.banned || []).map((w) => w.toLowerCase());
  if (banned.some((w) => text.includes(w))) {
    return { passed: false, feedback: "Banned content detected", rating: 2 };
  }
  if (required.every((w) => text.includes(w.toLowerCase()))) {
    return { passed: true, feedback: "Meets criteria", rating: 8 };
  }
  return { passed: false, feedback: "Missing required signal", rating: 5 };
}
`,
};

export const WEIGHTED_SCORER = {
  kind: "scorer" as const,
  entrypoints: ["score"],
  configSchema: {
    type: "object",
    properties: {
      success_bonus: { type: "number" },
      rating_weight: { type: "number" },
      time_penalty: { type: "number" },
      token_penalty: { type: "number" },
    },
    additionalProperties: false,
  },
  code: `// Success bonus plus weighted rating, minus time and token penalties; never below zero.
function score(metrics, config, ctx) {
  const pick = (key, fallback) => (typeof config[key] === "number" ? config[key] : fallback);
  let base = 0;
  if (metrics.succeeded) base += pick("success_bonus", 100);
  const rating = metrics.rating || 0;
  const elapsed = metrics.elapsed_ms || 0;
  const tokens = metrics.tokens_total || 0;
  const total =
    base +
    rating * pick("rating_weight", 10) -
    (elapsed / 1000) * pick("time_penalty", 1.0) -
    tokens * pick("token_penalty", 0.01);
  return { score: Math.max(total, 0) };
}
`,
};
