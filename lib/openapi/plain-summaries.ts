import type { HttpMethod } from "@/lib/contracts/operation";

// Summaries of the handlers not built with route() and not in the arena (lib/openapi/arena writes
// out those operations whole): they have no operation contract to carry doc.summary. By OpenAPI path.
export const PLAIN_SUMMARIES: Record<string, Partial<Record<HttpMethod, string>>> = {
  "/api/auth/{nextauth}": {
    GET: "next-auth endpoints (session, csrf, providers, callbacks)",
    POST: "next-auth endpoints (sign-in, sign-out, callbacks)",
  },
  "/api/health": { GET: "Readiness: the database answers" },
  "/api/ping": { GET: "Liveness probe (touches nothing)" },
  "/web/api/arena/games/{id}/stream": {
    GET: "Arena session page: one channel live (SSE, ?channel=chat|operator), the signed-in seat's DMs unredacted",
  },
};
