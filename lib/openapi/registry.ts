// Every route handler of the app, by file, with the operation contract (lib/contracts) each
// exported method is built from. The OpenAPI document is generated from these contracts, so lib/
// never imports app/; tests/integration/openapi.test.ts walks app/ for route.ts files and fails
// when one is missing here or a handler is not built from the contract listed for it. GET
// /api/openapi.json is added by the document itself.
import { apiTokenOperations } from "@/lib/contracts/api-tokens";
import { eventCodeOperations } from "@/lib/contracts/event-codes";
import { assetOperations } from "@/lib/contracts/assets";
import { attemptExportOperations } from "@/lib/contracts/attempts";
import { attemptHistoryOperations } from "@/lib/contracts/attempts";
import { attemptOperations } from "@/lib/contracts/attempts";
import { secretClaimOperations } from "@/lib/contracts/attempts";
import { authOperations } from "@/lib/contracts/auth";
import { boardOperations } from "@/lib/contracts/boards";
import { challengeOperations, publicChallengeOperations } from "@/lib/contracts/challenges";
import { collectionOperations, publicCollectionOperations } from "@/lib/contracts/collections";
import { hintOperations } from "@/lib/contracts/hints";
import { jobOperations } from "@/lib/contracts/jobs";
import { moderationOperations } from "@/lib/contracts/moderation";
import { providerOperations } from "@/lib/contracts/llm-providers";
import { notificationEmailOperations } from "@/lib/contracts/notification-email";
import { notificationOperations, workspaceEventOperations } from "@/lib/contracts/notifications";
import type { HttpMethod, Operation } from "@/lib/contracts/operation";
import { packConvertOperations } from "@/lib/contracts/pack-convert";
import { packRunOperations } from "@/lib/contracts/pack-runs";
import { packOperations } from "@/lib/contracts/packs";
import { pluginOperations } from "@/lib/contracts/plugins";
import { redBlueConsoleOperations, redBlueWebOperations } from "@/lib/contracts/red-blue";
import { secretOperations } from "@/lib/contracts/secrets";
import { webhookOperations } from "@/lib/contracts/webhooks";
import { workflowOperations } from "@/lib/contracts/workflows";
import { workspaceOperations } from "@/lib/contracts/workspaces";
import { ARENA_DOCS, type DocumentedPath } from "@/lib/openapi/arena";

export interface RouteEntry {
  /** Source file, relative to the repository root. */
  file: string;
  /** OpenAPI path ({param} for [param] and [...param]). */
  path: string;
  /** The file's exported methods: the contract each is built from, or null for a handler not built with route(). */
  operations: Partial<Record<HttpMethod, Operation | null>>;
  /** Summaries for handlers not built with route() or without doc.summary. */
  summaries?: Partial<Record<string, string>>;
  /** Parameters, body and responses of handlers not built with route() (the arena: lib/openapi/arena.ts). */
  docs?: DocumentedPath;
}

export const ROUTES: RouteEntry[] = [
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    path: "/api/auth/{nextauth}",
    operations: { GET: null, POST: null },
    summaries: {
      GET: "next-auth endpoints (session, csrf, providers, callbacks)",
      POST: "next-auth endpoints (sign-in, sign-out, callbacks)",
    },
  },
  {
    file: "app/api/health/route.ts",
    path: "/api/health",
    operations: { GET: null },
    summaries: { GET: "Readiness: the database answers" },
  },
  {
    file: "app/api/ping/route.ts",
    path: "/api/ping",
    operations: { GET: null },
    summaries: { GET: "Liveness probe (touches nothing)" },
  },
  { file: "app/assets/[id]/route.ts", path: "/assets/{id}", operations: { GET: assetOperations.download } },
  {
    file: "app/console/api/api-tokens/[id]/route.ts",
    path: "/console/api/api-tokens/{id}",
    operations: { DELETE: apiTokenOperations.revoke },
    summaries: { DELETE: "Revoke an API token" },
  },
  {
    file: "app/console/api/api-tokens/route.ts",
    path: "/console/api/api-tokens",
    operations: { GET: apiTokenOperations.list, POST: apiTokenOperations.create },
    summaries: {
      GET: "List the workspace's API tokens (never the tokens)",
      POST: "Create an API token (shown once)",
    },
  },
  {
    file: "app/console/api/assets/[id]/route.ts",
    path: "/console/api/assets/{id}",
    operations: { DELETE: assetOperations.remove },
  },
  {
    file: "app/console/api/assets/route.ts",
    path: "/console/api/assets",
    operations: { POST: assetOperations.upload },
  },
  {
    file: "app/console/api/challenge-collections/[id]/challenges/route.ts",
    path: "/console/api/challenge-collections/{id}/challenges",
    operations: { PUT: collectionOperations.setChallenges },
  },
  {
    file: "app/console/api/challenge-collections/[id]/route.ts",
    path: "/console/api/challenge-collections/{id}",
    operations: {
      GET: collectionOperations.get,
      PATCH: collectionOperations.update,
      DELETE: collectionOperations.remove,
    },
  },
  {
    file: "app/console/api/challenge-collections/route.ts",
    path: "/console/api/challenge-collections",
    operations: { GET: collectionOperations.list, POST: collectionOperations.create },
  },
  {
    file: "app/console/api/challenges/[id]/route.ts",
    path: "/console/api/challenges/{id}",
    operations: {
      GET: challengeOperations.get,
      PATCH: challengeOperations.update,
      DELETE: challengeOperations.remove,
    },
  },
  {
    file: "app/console/api/challenges/[id]/attempts/export/route.ts",
    path: "/console/api/challenges/{id}/attempts/export",
    operations: { GET: attemptExportOperations.export },
  },
  {
    file: "app/console/api/challenges/[id]/attempts/route.ts",
    path: "/console/api/challenges/{id}/attempts",
    operations: { GET: attemptHistoryOperations.workspace },
  },
  {
    file: "app/console/api/challenges/route.ts",
    path: "/console/api/challenges",
    operations: { GET: challengeOperations.list, POST: challengeOperations.create },
  },
  {
    file: "app/console/api/jobs/[id]/retry/route.ts",
    path: "/console/api/jobs/{id}/retry",
    operations: { POST: jobOperations.retry },
  },
  {
    file: "app/console/api/jobs/route.ts",
    path: "/console/api/jobs",
    operations: { GET: jobOperations.overview },
  },
  {
    file: "app/console/api/event-codes/[id]/route.ts",
    path: "/console/api/event-codes/{id}",
    operations: { DELETE: eventCodeOperations.revoke },
    summaries: { DELETE: "Withdraw an event code (registrations with it are refused from now on)" },
  },
  {
    file: "app/console/api/event-codes/route.ts",
    path: "/console/api/event-codes",
    operations: { GET: eventCodeOperations.list, POST: eventCodeOperations.create },
    summaries: {
      GET: "List the workspace's event codes and their uses",
      POST: "Create an event code: registrations with its invite link are counted per code (up to max_uses), not per address",
    },
  },
  {
    file: "app/console/api/events/route.ts",
    path: "/console/api/events",
    operations: { GET: workspaceEventOperations.list },
  },
  {
    file: "app/console/api/events/stream/route.ts",
    path: "/console/api/events/stream",
    operations: { GET: workspaceEventOperations.stream },
  },
  {
    file: "app/console/api/llm-providers/[id]/route.ts",
    path: "/console/api/llm-providers/{id}",
    operations: { GET: providerOperations.get, DELETE: providerOperations.remove },
    summaries: { GET: "Get an LLM provider", DELETE: "Delete an LLM provider" },
  },
  {
    file: "app/console/api/llm-providers/route.ts",
    path: "/console/api/llm-providers",
    operations: { GET: providerOperations.list, POST: providerOperations.create },
    summaries: {
      GET: "List LLM providers (keys never shown)",
      POST: "Register an LLM provider (the key is write-only)",
    },
  },
  {
    file: "app/console/api/plugins/[id]/route.ts",
    path: "/console/api/plugins/{id}",
    operations: {
      GET: pluginOperations.get,
      PATCH: pluginOperations.update,
      DELETE: pluginOperations.remove,
    },
  },
  {
    file: "app/console/api/plugins/[id]/test-run/route.ts",
    path: "/console/api/plugins/{id}/test-run",
    operations: { POST: pluginOperations.testRun },
  },
  {
    file: "app/console/api/plugins/route.ts",
    path: "/console/api/plugins",
    operations: { GET: pluginOperations.list, POST: pluginOperations.create },
  },
  {
    file: "app/console/api/red-blue-challenges/[id]/pairings/route.ts",
    path: "/console/api/red-blue-challenges/{id}/pairings",
    operations: { GET: redBlueConsoleOperations.pairings },
  },
  {
    file: "app/console/api/red-blue-challenges/[id]/route.ts",
    path: "/console/api/red-blue-challenges/{id}",
    operations: {
      GET: redBlueConsoleOperations.get,
      PATCH: redBlueConsoleOperations.update,
      DELETE: redBlueConsoleOperations.remove,
    },
  },
  {
    file: "app/console/api/red-blue-challenges/route.ts",
    path: "/console/api/red-blue-challenges",
    operations: { GET: redBlueConsoleOperations.list, POST: redBlueConsoleOperations.create },
  },
  {
    file: "app/console/api/secrets/[id]/route.ts",
    path: "/console/api/secrets/{id}",
    operations: { DELETE: secretOperations.remove },
    summaries: { DELETE: "Delete a secret" },
  },
  {
    file: "app/console/api/secrets/route.ts",
    path: "/console/api/secrets",
    operations: { GET: secretOperations.list, POST: secretOperations.set },
    summaries: { GET: "List secret names", POST: "Set or replace a secret (the value is write-only)" },
  },
  {
    file: "app/console/api/webhook-deliveries/[id]/resend/route.ts",
    path: "/console/api/webhook-deliveries/{id}/resend",
    operations: { POST: webhookOperations.resend },
  },
  {
    file: "app/console/api/webhooks/[id]/deliveries/route.ts",
    path: "/console/api/webhooks/{id}/deliveries",
    operations: { GET: webhookOperations.deliveries },
  },
  {
    file: "app/console/api/webhooks/[id]/route.ts",
    path: "/console/api/webhooks/{id}",
    operations: {
      GET: webhookOperations.get,
      PATCH: webhookOperations.update,
      DELETE: webhookOperations.remove,
    },
  },
  {
    file: "app/console/api/webhooks/[id]/secret/route.ts",
    path: "/console/api/webhooks/{id}/secret",
    operations: { POST: webhookOperations.rotateSecret },
  },
  {
    file: "app/console/api/webhooks/[id]/test/route.ts",
    path: "/console/api/webhooks/{id}/test",
    operations: { POST: webhookOperations.test },
  },
  {
    file: "app/console/api/webhooks/route.ts",
    path: "/console/api/webhooks",
    operations: { GET: webhookOperations.list, POST: webhookOperations.create },
  },
  {
    file: "app/console/api/workflows/[id]/draft/route.ts",
    path: "/console/api/workflows/{id}/draft",
    operations: { PUT: workflowOperations.saveDraft },
  },
  {
    file: "app/console/api/workflows/[id]/publish/route.ts",
    path: "/console/api/workflows/{id}/publish",
    operations: { POST: workflowOperations.publish },
  },
  {
    file: "app/console/api/workflows/[id]/route.ts",
    path: "/console/api/workflows/{id}",
    operations: { GET: workflowOperations.get },
  },
  {
    file: "app/console/api/workflows/[id]/test-run/route.ts",
    path: "/console/api/workflows/{id}/test-run",
    operations: { POST: workflowOperations.testRun },
  },
  {
    file: "app/console/api/workspace/route.ts",
    path: "/console/api/workspace",
    operations: { GET: workspaceOperations.current },
    summaries: { GET: "The caller's workspace and role" },
  },
  {
    file: "app/web/api/challenge-collections/[id]/leaderboard/route.ts",
    path: "/web/api/challenge-collections/{id}/leaderboard",
    operations: { GET: publicCollectionOperations.leaderboard },
    summaries: { GET: "Collection leaderboard" },
  },
  {
    file: "app/web/api/challenge-collections/[id]/route.ts",
    path: "/web/api/challenge-collections/{id}",
    operations: { GET: publicCollectionOperations.get },
    summaries: { GET: "Collection details with its challenges" },
  },
  {
    file: "app/web/api/challenge-collections/route.ts",
    path: "/web/api/challenge-collections",
    operations: { GET: publicCollectionOperations.list },
    summaries: { GET: "List public collections" },
  },
  {
    file: "app/web/api/challenges/[id]/attempts/route.ts",
    path: "/web/api/challenges/{id}/attempts",
    operations: { POST: attemptOperations.submit, GET: attemptHistoryOperations.mine },
    summaries: { POST: "Play an attempt (JSON, or SSE with Accept: text/event-stream)" },
  },
  {
    file: "app/web/api/challenges/[id]/claims/route.ts",
    path: "/web/api/challenges/{id}/claims",
    operations: { POST: secretClaimOperations.claim },
    summaries: { POST: "Claim the password (checked in constant time; counts as an attempt)" },
  },
  {
    file: "app/web/api/challenges/[id]/leaderboard/route.ts",
    path: "/web/api/challenges/{id}/leaderboard",
    operations: { GET: publicChallengeOperations.leaderboard },
    summaries: { GET: "Challenge leaderboard" },
  },
  {
    file: "app/web/api/challenges/[id]/route.ts",
    path: "/web/api/challenges/{id}",
    operations: { GET: publicChallengeOperations.get },
    summaries: { GET: "Challenge details (instructions, theme)" },
  },
  {
    file: "app/web/api/challenges/route.ts",
    path: "/web/api/challenges",
    operations: { GET: publicChallengeOperations.list },
    summaries: { GET: "List active challenges" },
  },
  {
    file: "app/web/api/login/email-code/send/route.ts",
    path: "/web/api/login/email-code/send",
    operations: { POST: authOperations.sendEmailCode },
    summaries: { POST: "Send a login code by email" },
  },
  {
    file: "app/web/api/login/email-code/verify/route.ts",
    path: "/web/api/login/email-code/verify",
    operations: { POST: authOperations.verifyEmailCode },
    summaries: { POST: "Log in with an emailed code" },
  },
  {
    file: "app/web/api/login/route.ts",
    path: "/web/api/login",
    operations: { POST: authOperations.login },
    summaries: { POST: "Log in with email and password" },
  },
  {
    file: "app/web/api/logout/route.ts",
    path: "/web/api/logout",
    operations: { POST: authOperations.logout },
    summaries: { POST: "Log out: revoke the session used (cookie or access token) and clear the cookie" },
  },
  {
    file: "app/web/api/logout-all/route.ts",
    path: "/web/api/logout-all",
    operations: { POST: authOperations.logoutEverywhere },
    summaries: { POST: "Log out everywhere: revoke every session of the signed-in account" },
  },
  {
    file: "app/web/api/password/route.ts",
    path: "/web/api/password",
    operations: { POST: authOperations.changePassword },
    summaries: { POST: "Change the password; revokes every other session and returns a new session" },
  },
  {
    file: "app/web/api/me/route.ts",
    path: "/web/api/me",
    operations: { GET: authOperations.me },
    summaries: { GET: "The signed-in account and its workspaces" },
  },
  {
    file: "app/web/api/notifications/unsubscribe/route.ts",
    path: "/web/api/notifications/unsubscribe",
    operations: { POST: notificationEmailOperations.unsubscribeOneClick },
  },
  {
    file: "app/web/api/notifications/route.ts",
    path: "/web/api/notifications",
    operations: { GET: notificationOperations.list },
  },
  {
    file: "app/web/api/notifications/read/route.ts",
    path: "/web/api/notifications/read",
    operations: { POST: notificationOperations.markRead },
  },
  {
    file: "app/web/api/notifications/stream/route.ts",
    path: "/web/api/notifications/stream",
    operations: { GET: notificationOperations.stream },
  },
  {
    file: "app/web/api/red-blue-challenges/[id]/join/route.ts",
    path: "/web/api/red-blue-challenges/{id}/join",
    operations: { POST: redBlueWebOperations.join },
  },
  {
    file: "app/web/api/red-blue-challenges/[id]/leaderboard/route.ts",
    path: "/web/api/red-blue-challenges/{id}/leaderboard",
    operations: { GET: redBlueWebOperations.leaderboard },
  },
  {
    file: "app/web/api/red-blue-challenges/[id]/pairings/route.ts",
    path: "/web/api/red-blue-challenges/{id}/pairings",
    operations: { GET: redBlueWebOperations.myPairings },
  },
  {
    file: "app/web/api/red-blue-challenges/[id]/route.ts",
    path: "/web/api/red-blue-challenges/{id}",
    operations: { GET: redBlueWebOperations.get },
  },
  {
    file: "app/web/api/red-blue-challenges/[id]/submit/route.ts",
    path: "/web/api/red-blue-challenges/{id}/submit",
    operations: { POST: redBlueWebOperations.submit },
  },
  {
    file: "app/web/api/red-blue-challenges/route.ts",
    path: "/web/api/red-blue-challenges",
    operations: { GET: redBlueWebOperations.list },
  },
  {
    file: "app/web/api/register/route.ts",
    path: "/web/api/register",
    operations: { POST: authOperations.register },
    summaries: { POST: "Register a player account" },
  },
  {
    file: "app/console/api/packs/route.ts",
    path: "/console/api/packs",
    operations: { GET: packOperations.list, POST: packOperations.publish },
  },
  {
    file: "app/console/api/packs/validate/route.ts",
    path: "/console/api/packs/validate",
    operations: { POST: packOperations.validate },
  },
  {
    file: "app/console/api/packs/[id]/route.ts",
    path: "/console/api/packs/{id}",
    operations: { GET: packOperations.get },
  },
  {
    file: "app/console/api/packs/[id]/versions/[number]/route.ts",
    path: "/console/api/packs/{id}/versions/{number}",
    operations: { GET: packOperations.version },
  },
  {
    file: "app/console/api/packs/[id]/runs/route.ts",
    path: "/console/api/packs/{id}/runs",
    operations: { GET: packRunOperations.listForPack, POST: packRunOperations.start },
  },
  {
    file: "app/console/api/pack-runs/[id]/route.ts",
    path: "/console/api/pack-runs/{id}",
    operations: { GET: packRunOperations.get },
  },
  {
    file: "app/console/api/pack-runs/[id]/cases/route.ts",
    path: "/console/api/pack-runs/{id}/cases",
    operations: { GET: packRunOperations.cases },
  },
  {
    file: "app/console/api/pack-runs/[id]/cancel/route.ts",
    path: "/console/api/pack-runs/{id}/cancel",
    operations: { POST: packRunOperations.cancel },
  },
  {
    file: "app/console/api/pack-runs/[id]/export/route.ts",
    path: "/console/api/pack-runs/{id}/export",
    operations: { GET: packRunOperations.export },
  },
  {
    file: "app/console/api/pack-runs/compare/route.ts",
    path: "/console/api/pack-runs/compare",
    operations: { GET: packRunOperations.compare },
  },
  {
    file: "app/console/api/packs/import/route.ts",
    path: "/console/api/packs/import",
    operations: { POST: packConvertOperations.importChallenges },
  },
  {
    file: "app/console/api/challenges/[id]/pack/route.ts",
    path: "/console/api/challenges/{id}/pack",
    operations: { GET: packConvertOperations.exportChallenge },
  },
  {
    file: "app/console/api/challenge-collections/[id]/pack/route.ts",
    path: "/console/api/challenge-collections/{id}/pack",
    operations: { GET: packConvertOperations.exportCollection },
  },
  {
    file: "app/web/api/arena/games/[id]/stream/route.ts",
    path: "/web/api/arena/games/{id}/stream",
    operations: { GET: null },
    summaries: {
      GET: "Arena session page: one channel live (SSE, ?channel=chat|operator), the signed-in seat's DMs unredacted",
    },
  },
  // Hints and the global leaderboard (players).
  {
    file: "app/web/api/challenges/[id]/hints/route.ts",
    path: "/web/api/challenges/{id}/hints",
    operations: { GET: hintOperations.list },
  },
  {
    file: "app/web/api/challenges/[id]/hints/[hintId]/unlock/route.ts",
    path: "/web/api/challenges/{id}/hints/{hintId}/unlock",
    operations: { POST: hintOperations.unlock },
  },
  {
    file: "app/web/api/leaderboard/route.ts",
    path: "/web/api/leaderboard",
    operations: { GET: boardOperations.global },
  },
  // Workspace creation (a session only) and moderation: reports (players) and the instance
  // administrators' routes (a session of an administrator; audited).
  {
    file: "app/console/api/workspaces/route.ts",
    path: "/console/api/workspaces",
    operations: { POST: workspaceOperations.create },
  },
  {
    file: "app/web/api/reports/route.ts",
    path: "/web/api/reports",
    operations: { POST: moderationOperations.report },
  },
  {
    file: "app/web/api/admin/workspaces/route.ts",
    path: "/web/api/admin/workspaces",
    operations: { GET: moderationOperations.workspaces },
  },
  {
    file: "app/web/api/admin/workspaces/[id]/approval/route.ts",
    path: "/web/api/admin/workspaces/{id}/approval",
    operations: { POST: moderationOperations.approveWorkspace },
  },
  {
    file: "app/web/api/admin/listings/route.ts",
    path: "/web/api/admin/listings",
    operations: { GET: moderationOperations.listings },
  },
  {
    file: "app/web/api/admin/listings/[kind]/[id]/route.ts",
    path: "/web/api/admin/listings/{kind}/{id}",
    operations: { POST: moderationOperations.setListing },
  },
  {
    file: "app/web/api/admin/reports/route.ts",
    path: "/web/api/admin/reports",
    operations: { GET: moderationOperations.reports },
  },
  {
    file: "app/web/api/admin/reports/[id]/resolve/route.ts",
    path: "/web/api/admin/reports/{id}/resolve",
    operations: { POST: moderationOperations.resolveReport },
  },
  {
    file: "app/web/api/admin/audit/route.ts",
    path: "/web/api/admin/audit",
    operations: { GET: moderationOperations.audit },
  },
  {
    file: "app/web/api/admin/admins/route.ts",
    path: "/web/api/admin/admins",
    operations: { GET: moderationOperations.admins, POST: moderationOperations.setAdmin },
  },
  // The arena (SpecArena protocol, docs/arena-protocol.md): every route under /api/v1 and /api.
  {
    file: "app/api/v1/metadata/route.ts",
    path: "/api/v1/metadata",
    docs: ARENA_DOCS["/metadata"],
    operations: { GET: null },
    summaries: { GET: "Arena: the game catalogue (SpecArena protocol)" },
  },
  {
    file: "app/api/v1/metadata/[name]/route.ts",
    path: "/api/v1/metadata/{name}",
    docs: ARENA_DOCS["/metadata/{name}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one game type's metadata" },
  },
  {
    file: "app/api/v1/challenges/route.ts",
    path: "/api/v1/challenges",
    docs: ARENA_DOCS["/challenges"],
    operations: { GET: null },
    summaries: { GET: "Arena: sessions, newest first (limit, offset, status)" },
  },
  {
    file: "app/api/v1/challenges/[name]/route.ts",
    path: "/api/v1/challenges/{name}",
    docs: ARENA_DOCS["/challenges/{name}"],
    operations: { GET: null, POST: null },
    summaries: {
      GET: "Arena: sessions of one game type",
      POST: "Arena: create a session (one invite per seat; a body signed like a join counts it against the agent's own hourly allowance)",
    },
  },
  {
    file: "app/api/v1/arena/join/route.ts",
    path: "/api/v1/arena/join",
    docs: ARENA_DOCS["/arena/join"],
    operations: { POST: null },
    summaries: { POST: "Arena: join with an invite (Ed25519-signed in auth mode; returns a session key)" },
  },
  {
    file: "app/api/v1/arena/message/route.ts",
    path: "/api/v1/arena/message",
    docs: ARENA_DOCS["/arena/message"],
    operations: { POST: null },
    summaries: { POST: "Arena: a player's action in its game" },
  },
  {
    file: "app/api/v1/arena/sync/route.ts",
    path: "/api/v1/arena/sync",
    docs: ARENA_DOCS["/arena/sync"],
    operations: { GET: null },
    summaries: { GET: "Arena: the game's operator channel from an index, redacted for the caller" },
  },
  {
    file: "app/api/v1/chat/send/route.ts",
    path: "/api/v1/chat/send",
    docs: ARENA_DOCS["/chat/send"],
    operations: { POST: null },
    summaries: { POST: "Arena: a chat message (broadcast or DM) on a game's chat or operator channel, or a free channel" },
  },
  {
    file: "app/api/v1/chat/sync/route.ts",
    path: "/api/v1/chat/sync",
    docs: ARENA_DOCS["/chat/sync"],
    operations: { GET: null },
    summaries: { GET: "Arena: a chat channel from an index, redacted for the caller" },
  },
  {
    file: "app/api/v1/chat/ws/[channel]/route.ts",
    path: "/api/v1/chat/ws/{channel}",
    docs: ARENA_DOCS["/chat/ws/{channel}"],
    operations: { GET: null },
    summaries: { GET: "Arena: a channel's live stream (SSE: initial, new_message, game_ended)" },
  },
  {
    file: "app/api/v1/scoring/route.ts",
    path: "/api/v1/scoring",
    docs: ARENA_DOCS["/scoring"],
    operations: { GET: null },
    summaries: { GET: "Arena: the global leaderboard (global-average)" },
  },
  {
    file: "app/api/v1/scoring/[type]/route.ts",
    path: "/api/v1/scoring/{type}",
    docs: ARENA_DOCS["/scoring/{type}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one game type's leaderboards, per strategy" },
  },
  {
    file: "app/api/v1/users/route.ts",
    path: "/api/v1/users",
    docs: ARENA_DOCS["/users"],
    operations: { GET: null, POST: null },
    summaries: { GET: "Arena: user profiles", POST: "Arena: update a profile (signed in auth mode)" },
  },
  {
    file: "app/api/v1/users/batch/route.ts",
    path: "/api/v1/users/batch",
    docs: ARENA_DOCS["/users/batch"],
    operations: { GET: null },
    summaries: { GET: "Arena: several profiles by id" },
  },
  {
    file: "app/api/v1/users/[userId]/route.ts",
    path: "/api/v1/users/{userId}",
    docs: ARENA_DOCS["/users/{userId}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one profile" },
  },
  {
    file: "app/api/v1/users/[userId]/scores/route.ts",
    path: "/api/v1/users/{userId}/scores",
    docs: ARENA_DOCS["/users/{userId}/scores"],
    operations: { GET: null },
    summaries: { GET: "Arena: a user's scores (global and per game type)" },
  },
  {
    file: "app/api/v1/users/[userId]/challenges/route.ts",
    path: "/api/v1/users/{userId}/challenges",
    docs: ARENA_DOCS["/users/{userId}/challenges"],
    operations: { GET: null },
    summaries: { GET: "Arena: a user's ended sessions" },
  },
  {
    file: "app/api/v1/invites/[id]/route.ts",
    path: "/api/v1/invites/{id}",
    docs: ARENA_DOCS["/invites/{id}"],
    operations: { GET: null },
    summaries: { GET: "Arena: the session of an unused invite" },
  },
  {
    file: "app/api/v1/stats/route.ts",
    path: "/api/v1/stats",
    docs: ARENA_DOCS["/stats"],
    operations: { GET: null },
    summaries: { GET: "Arena: games played per type and participants" },
  },
  {
    file: "app/api/metadata/route.ts",
    path: "/api/metadata",
    docs: ARENA_DOCS["/metadata"],
    operations: { GET: null },
    summaries: { GET: "Arena: the game catalogue (SpecArena protocol)" },
  },
  {
    file: "app/api/metadata/[name]/route.ts",
    path: "/api/metadata/{name}",
    docs: ARENA_DOCS["/metadata/{name}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one game type's metadata" },
  },
  {
    file: "app/api/challenges/route.ts",
    path: "/api/challenges",
    docs: ARENA_DOCS["/challenges"],
    operations: { GET: null },
    summaries: { GET: "Arena: sessions, newest first (limit, offset, status)" },
  },
  {
    file: "app/api/challenges/[name]/route.ts",
    path: "/api/challenges/{name}",
    docs: ARENA_DOCS["/challenges/{name}"],
    operations: { GET: null, POST: null },
    summaries: {
      GET: "Arena: sessions of one game type",
      POST: "Arena: create a session (one invite per seat; a body signed like a join counts it against the agent's own hourly allowance)",
    },
  },
  {
    file: "app/api/arena/join/route.ts",
    path: "/api/arena/join",
    docs: ARENA_DOCS["/arena/join"],
    operations: { POST: null },
    summaries: { POST: "Arena: join with an invite (Ed25519-signed in auth mode; returns a session key)" },
  },
  {
    file: "app/api/arena/message/route.ts",
    path: "/api/arena/message",
    docs: ARENA_DOCS["/arena/message"],
    operations: { POST: null },
    summaries: { POST: "Arena: a player's action in its game" },
  },
  {
    file: "app/api/arena/sync/route.ts",
    path: "/api/arena/sync",
    docs: ARENA_DOCS["/arena/sync"],
    operations: { GET: null },
    summaries: { GET: "Arena: the game's operator channel from an index, redacted for the caller" },
  },
  {
    file: "app/api/chat/send/route.ts",
    path: "/api/chat/send",
    docs: ARENA_DOCS["/chat/send"],
    operations: { POST: null },
    summaries: { POST: "Arena: a chat message (broadcast or DM) on a game's chat or operator channel, or a free channel" },
  },
  {
    file: "app/api/chat/sync/route.ts",
    path: "/api/chat/sync",
    docs: ARENA_DOCS["/chat/sync"],
    operations: { GET: null },
    summaries: { GET: "Arena: a chat channel from an index, redacted for the caller" },
  },
  {
    file: "app/api/chat/ws/[channel]/route.ts",
    path: "/api/chat/ws/{channel}",
    docs: ARENA_DOCS["/chat/ws/{channel}"],
    operations: { GET: null },
    summaries: { GET: "Arena: a channel's live stream (SSE: initial, new_message, game_ended)" },
  },
  {
    file: "app/api/scoring/route.ts",
    path: "/api/scoring",
    docs: ARENA_DOCS["/scoring"],
    operations: { GET: null },
    summaries: { GET: "Arena: the global leaderboard (global-average)" },
  },
  {
    file: "app/api/scoring/[type]/route.ts",
    path: "/api/scoring/{type}",
    docs: ARENA_DOCS["/scoring/{type}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one game type's leaderboards, per strategy" },
  },
  {
    file: "app/api/users/route.ts",
    path: "/api/users",
    docs: ARENA_DOCS["/users"],
    operations: { GET: null, POST: null },
    summaries: { GET: "Arena: user profiles", POST: "Arena: update a profile (signed in auth mode)" },
  },
  {
    file: "app/api/users/batch/route.ts",
    path: "/api/users/batch",
    docs: ARENA_DOCS["/users/batch"],
    operations: { GET: null },
    summaries: { GET: "Arena: several profiles by id" },
  },
  {
    file: "app/api/users/[userId]/route.ts",
    path: "/api/users/{userId}",
    docs: ARENA_DOCS["/users/{userId}"],
    operations: { GET: null },
    summaries: { GET: "Arena: one profile" },
  },
  {
    file: "app/api/users/[userId]/scores/route.ts",
    path: "/api/users/{userId}/scores",
    docs: ARENA_DOCS["/users/{userId}/scores"],
    operations: { GET: null },
    summaries: { GET: "Arena: a user's scores (global and per game type)" },
  },
  {
    file: "app/api/users/[userId]/challenges/route.ts",
    path: "/api/users/{userId}/challenges",
    docs: ARENA_DOCS["/users/{userId}/challenges"],
    operations: { GET: null },
    summaries: { GET: "Arena: a user's ended sessions" },
  },
  {
    file: "app/api/invites/[id]/route.ts",
    path: "/api/invites/{id}",
    docs: ARENA_DOCS["/invites/{id}"],
    operations: { GET: null },
    summaries: { GET: "Arena: the session of an unused invite" },
  },
  {
    file: "app/api/stats/route.ts",
    path: "/api/stats",
    docs: ARENA_DOCS["/stats"],
    operations: { GET: null },
    summaries: { GET: "Arena: games played per type and participants" },
  },
  {
    file: "app/api/arena/mcp/route.ts",
    path: "/api/arena/mcp",
    docs: ARENA_DOCS["/arena/mcp"],
    operations: { POST: null, GET: null, DELETE: null },
    summaries: {
      POST: "Arena MCP (Streamable HTTP, stateless): tools challenge_join, challenge_message, challenge_sync",
      GET: "Arena MCP: 405 (stateless server, no stream to resume)",
      DELETE: "Arena MCP: 405 (no sessions)",
    },
  },
  {
    file: "app/api/chat/mcp/route.ts",
    path: "/api/chat/mcp",
    docs: ARENA_DOCS["/chat/mcp"],
    operations: { POST: null, GET: null, DELETE: null },
    summaries: {
      POST: "Arena MCP (Streamable HTTP, stateless): tools send_chat, sync",
      GET: "Arena MCP: 405 (stateless server, no stream to resume)",
      DELETE: "Arena MCP: 405 (no sessions)",
    },
  },
  {
    file: "app/api/v1/arena/mcp/route.ts",
    path: "/api/v1/arena/mcp",
    docs: ARENA_DOCS["/arena/mcp"],
    operations: { POST: null, GET: null, DELETE: null },
    summaries: {
      POST: "Arena MCP (Streamable HTTP, stateless): tools challenge_join, challenge_message, challenge_sync",
      GET: "Arena MCP: 405 (stateless server, no stream to resume)",
      DELETE: "Arena MCP: 405 (no sessions)",
    },
  },
  {
    file: "app/api/v1/chat/mcp/route.ts",
    path: "/api/v1/chat/mcp",
    docs: ARENA_DOCS["/chat/mcp"],
    operations: { POST: null, GET: null, DELETE: null },
    summaries: {
      POST: "Arena MCP (Streamable HTTP, stateless): tools send_chat, sync",
      GET: "Arena MCP: 405 (stateless server, no stream to resume)",
      DELETE: "Arena MCP: 405 (no sessions)",
    },
  },
  {
    file: "app/health/route.ts",
    path: "/health",
    docs: ARENA_DOCS["/health"],
    operations: { GET: null },
    summaries: { GET: 'Arena clients\' health check: {"status":"ok"}' },
  },
  {
    file: "app/api/v1/invites/route.ts",
    path: "/api/v1/invites",
    docs: ARENA_DOCS["/invites"],
    operations: { POST: null },
    summaries: { POST: "Arena: claim an invite ({inviteId}); 404 unknown, 409 already used" },
  },
  {
    file: "app/api/invites/route.ts",
    path: "/api/invites",
    docs: ARENA_DOCS["/invites"],
    operations: { POST: null },
    summaries: { POST: "Arena: claim an invite ({inviteId}); 404 unknown, 409 already used" },
  },
];
