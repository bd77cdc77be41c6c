// Every route handler of the app, by file. The OpenAPI document is generated from these modules
// (route() keeps its zod schemas on each handler); tests/integration/openapi.test.ts walks app/
// for route.ts files and fails when one is missing here. GET /api/openapi.json is added by the
// document itself (importing its own module here would be circular).
import * as r0 from "@/app/api/auth/[...nextauth]/route";
import * as r1 from "@/app/api/health/route";
import * as r3 from "@/app/api/ping/route";
import * as r4 from "@/app/assets/[id]/route";
import * as r5 from "@/app/console/api/api-tokens/[id]/route";
import * as r6 from "@/app/console/api/api-tokens/route";
import * as r7 from "@/app/console/api/assets/route";
import * as r8 from "@/app/console/api/challenge-collections/[id]/challenges/route";
import * as r9 from "@/app/console/api/challenge-collections/[id]/route";
import * as r10 from "@/app/console/api/challenge-collections/route";
import * as r11 from "@/app/console/api/challenges/[id]/route";
import * as r12 from "@/app/console/api/challenges/route";
import * as r13 from "@/app/console/api/llm-providers/[id]/route";
import * as r14 from "@/app/console/api/llm-providers/route";
import * as r15 from "@/app/console/api/plugins/[id]/route";
import * as r16 from "@/app/console/api/plugins/[id]/test-run/route";
import * as r17 from "@/app/console/api/plugins/route";
import * as r18 from "@/app/console/api/secrets/[id]/route";
import * as r19 from "@/app/console/api/secrets/route";
import * as r20 from "@/app/console/api/workflows/[id]/draft/route";
import * as r21 from "@/app/console/api/workflows/[id]/publish/route";
import * as r22 from "@/app/console/api/workflows/[id]/route";
import * as r23 from "@/app/console/api/workflows/[id]/test-run/route";
import * as r24 from "@/app/console/api/workspace/route";
import * as r25 from "@/app/web/api/challenge-collections/[id]/leaderboard/route";
import * as r26 from "@/app/web/api/challenge-collections/[id]/route";
import * as r27 from "@/app/web/api/challenge-collections/route";
import * as r28 from "@/app/web/api/challenges/[id]/attempts/route";
import * as r29 from "@/app/web/api/challenges/[id]/leaderboard/route";
import * as r30 from "@/app/web/api/challenges/[id]/route";
import * as r31 from "@/app/web/api/challenges/route";
import * as r32 from "@/app/web/api/login/email-code/send/route";
import * as r33 from "@/app/web/api/login/email-code/verify/route";
import * as r34 from "@/app/web/api/login/route";
import * as r35 from "@/app/web/api/logout/route";
import * as rLogoutAll from "@/app/web/api/logout-all/route";
import * as rPassword from "@/app/web/api/password/route";
import * as r36 from "@/app/web/api/me/route";
import * as r37 from "@/app/web/api/register/route";

export interface RouteEntry {
  /** Source file, relative to the repository root. */
  file: string;
  /** OpenAPI path ({param} for [param] and [...param]). */
  path: string;
  module: Record<string, unknown>;
  /** Summaries for handlers not built with route() or without doc.summary. */
  summaries?: Partial<Record<string, string>>;
}

export const ROUTES: RouteEntry[] = [
  { file: "app/api/auth/[...nextauth]/route.ts", path: "/api/auth/{nextauth}", module: r0, summaries: {"GET": "next-auth endpoints (session, csrf, providers, callbacks)", "POST": "next-auth endpoints (sign-in, sign-out, callbacks)"} },
  { file: "app/api/health/route.ts", path: "/api/health", module: r1, summaries: {"GET": "Readiness: the database answers"} },
  { file: "app/api/ping/route.ts", path: "/api/ping", module: r3, summaries: {"GET": "Liveness probe (touches nothing)"} },
  { file: "app/assets/[id]/route.ts", path: "/assets/{id}", module: r4 },
  { file: "app/console/api/api-tokens/[id]/route.ts", path: "/console/api/api-tokens/{id}", module: r5, summaries: {"DELETE": "Revoke an API token"} },
  { file: "app/console/api/api-tokens/route.ts", path: "/console/api/api-tokens", module: r6, summaries: {"GET": "List the workspace's API tokens (never the tokens)", "POST": "Create an API token (shown once)"} },
  { file: "app/console/api/assets/route.ts", path: "/console/api/assets", module: r7 },
  { file: "app/console/api/challenge-collections/[id]/challenges/route.ts", path: "/console/api/challenge-collections/{id}/challenges", module: r8 },
  { file: "app/console/api/challenge-collections/[id]/route.ts", path: "/console/api/challenge-collections/{id}", module: r9 },
  { file: "app/console/api/challenge-collections/route.ts", path: "/console/api/challenge-collections", module: r10 },
  { file: "app/console/api/challenges/[id]/route.ts", path: "/console/api/challenges/{id}", module: r11 },
  { file: "app/console/api/challenges/route.ts", path: "/console/api/challenges", module: r12 },
  { file: "app/console/api/llm-providers/[id]/route.ts", path: "/console/api/llm-providers/{id}", module: r13, summaries: {"GET": "Get an LLM provider", "DELETE": "Delete an LLM provider"} },
  { file: "app/console/api/llm-providers/route.ts", path: "/console/api/llm-providers", module: r14, summaries: {"GET": "List LLM providers (keys never shown)", "POST": "Register an LLM provider (the key is write-only)"} },
  { file: "app/console/api/plugins/[id]/route.ts", path: "/console/api/plugins/{id}", module: r15 },
  { file: "app/console/api/plugins/[id]/test-run/route.ts", path: "/console/api/plugins/{id}/test-run", module: r16 },
  { file: "app/console/api/plugins/route.ts", path: "/console/api/plugins", module: r17 },
  { file: "app/console/api/secrets/[id]/route.ts", path: "/console/api/secrets/{id}", module: r18, summaries: {"DELETE": "Delete a secret"} },
  { file: "app/console/api/secrets/route.ts", path: "/console/api/secrets", module: r19, summaries: {"GET": "List secret names", "POST": "Set or replace a secret (the value is write-only)"} },
  { file: "app/console/api/workflows/[id]/draft/route.ts", path: "/console/api/workflows/{id}/draft", module: r20 },
  { file: "app/console/api/workflows/[id]/publish/route.ts", path: "/console/api/workflows/{id}/publish", module: r21 },
  { file: "app/console/api/workflows/[id]/route.ts", path: "/console/api/workflows/{id}", module: r22 },
  { file: "app/console/api/workflows/[id]/test-run/route.ts", path: "/console/api/workflows/{id}/test-run", module: r23 },
  { file: "app/console/api/workspace/route.ts", path: "/console/api/workspace", module: r24, summaries: {"GET": "The caller's workspace and role"} },
  { file: "app/web/api/challenge-collections/[id]/leaderboard/route.ts", path: "/web/api/challenge-collections/{id}/leaderboard", module: r25, summaries: {"GET": "Collection leaderboard"} },
  { file: "app/web/api/challenge-collections/[id]/route.ts", path: "/web/api/challenge-collections/{id}", module: r26, summaries: {"GET": "Collection details with its challenges"} },
  { file: "app/web/api/challenge-collections/route.ts", path: "/web/api/challenge-collections", module: r27, summaries: {"GET": "List public collections"} },
  { file: "app/web/api/challenges/[id]/attempts/route.ts", path: "/web/api/challenges/{id}/attempts", module: r28, summaries: {"POST": "Play an attempt (JSON, or SSE with Accept: text/event-stream)"} },
  { file: "app/web/api/challenges/[id]/leaderboard/route.ts", path: "/web/api/challenges/{id}/leaderboard", module: r29, summaries: {"GET": "Challenge leaderboard"} },
  { file: "app/web/api/challenges/[id]/route.ts", path: "/web/api/challenges/{id}", module: r30, summaries: {"GET": "Challenge details (instructions, theme)"} },
  { file: "app/web/api/challenges/route.ts", path: "/web/api/challenges", module: r31, summaries: {"GET": "List active challenges"} },
  { file: "app/web/api/login/email-code/send/route.ts", path: "/web/api/login/email-code/send", module: r32, summaries: {"POST": "Send a login code by email"} },
  { file: "app/web/api/login/email-code/verify/route.ts", path: "/web/api/login/email-code/verify", module: r33, summaries: {"POST": "Log in with an emailed code"} },
  { file: "app/web/api/login/route.ts", path: "/web/api/login", module: r34, summaries: {"POST": "Log in with email and password"} },
  { file: "app/web/api/logout/route.ts", path: "/web/api/logout", module: r35, summaries: {"POST": "Log out: revoke the session used (cookie or access token) and clear the cookie"} },
  { file: "app/web/api/logout-all/route.ts", path: "/web/api/logout-all", module: rLogoutAll, summaries: {"POST": "Log out everywhere: revoke every session of the signed-in account"} },
  { file: "app/web/api/password/route.ts", path: "/web/api/password", module: rPassword, summaries: {"POST": "Change the password; revokes every other session and returns a new session"} },
  { file: "app/web/api/me/route.ts", path: "/web/api/me", module: r36, summaries: {"GET": "The signed-in account and its workspaces"} },
  { file: "app/web/api/register/route.ts", path: "/web/api/register", module: r37, summaries: {"POST": "Register a player account"} },
];
