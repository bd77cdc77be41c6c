import { expect } from "vitest";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { createApiToken } from "@/lib/services/api-tokens";
import { createWorkspace } from "@/lib/services/workspaces";
import { unique } from "./factories";
import { call } from "./route";

// Two workspaces (A and B), each with an owner signed in by cookie; A also has an API token and an
// editor. Console API tests act as A and use B's ids for the cross-workspace (404) checks.

export const ORIGIN = { origin: "http://localhost:3000" };

export interface ConsoleActors {
  wsA: { id: string };
  wsB: { id: string };
  ownerA: { id: string; cookie: string };
  ownerB: { id: string; cookie: string };
  editorA: { id: string; cookie: string };
  /** A signed-in account with no workspace. */
  player: { id: string; cookie: string };
  tokenA: string;
}

async function signedIn(label: string) {
  const a = await db.account.create({ data: { email: `${unique(label)}@example.test`, name: label } });
  return { id: a.id, cookie: `${sessionCookieName()}=${await createSessionToken(a)}` };
}

export async function consoleActors(): Promise<ConsoleActors> {
  const [ownerA, ownerB, editorA, player] = await Promise.all([
    signedIn("owner-a"),
    signedIn("owner-b"),
    signedIn("editor-a"),
    signedIn("player"),
  ]);
  const wsA = await createWorkspace(ownerA.id, "Alpha");
  const wsB = await createWorkspace(ownerB.id, "Beta");
  await db.membership.create({ data: { workspaceId: wsA.id, accountId: editorA.id, role: "editor" } });
  const { token } = await createApiToken(wsA.id, ownerA.id, { name: "ci" });
  return { wsA, wsB, ownerA, ownerB, editorA, player, tokenA: token };
}

/** A 422 in the `{ error: { code, message } }` error shape. */
export function expect422(res: { status: number; json: any }, messagePart?: string | RegExp) {
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(res.json.error.code).toBe("validation_failed");
  expect(typeof res.json.error.message).toBe("string");
  if (messagePart !== undefined) {
    if (typeof messagePart === "string") expect(JSON.stringify(res.json.error)).toContain(messagePart);
    else expect(JSON.stringify(res.json.error)).toMatch(messagePart);
  }
}

export function expectError(res: { status: number; json: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
}

type Handler = Parameters<typeof call>[0];
type Options = Parameters<typeof call>[1];

/**
 * Route calls that keep every answer's body in `bodies` (for a file's closing "no secret in any
 * answer" check): `as` with the options given, `asA` as A's owner (cookie, same-origin).
 */
export function recordingCalls(actors: () => ConsoleActors) {
  const bodies: string[] = [];
  const as = async (opts: Options, handler: Handler) => {
    const res = await call(handler, opts);
    bodies.push(res.text);
    return res;
  };
  const asA = (handler: Handler, opts: Options = {}) =>
    as({ cookie: actors().ownerA.cookie, headers: ORIGIN, ...opts }, handler);
  return { bodies, as, asA };
}
