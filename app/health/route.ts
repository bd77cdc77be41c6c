// `GET /health` at the origin root, as SpecArena clients expect: `{"status":"ok"}`.
// Gauntlet's own readiness check with database details is /api/health.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
