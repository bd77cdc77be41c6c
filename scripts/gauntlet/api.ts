// The CLI's side of the console API: where the server is (GAUNTLET_URL, GAUNTLET_TOKEN) and one
// request helper whose failures carry the CLI's exit codes (2 configuration, 3 server).

export const EXIT = { ok: 0, runFailed: 1, usage: 2, server: 3, interrupted: 130 } as const;

export interface Server {
  url: string;
  token: string;
}

/** Prints the message on stderr and exits with the code. */
export function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

export function server(): Server {
  const url = process.env.GAUNTLET_URL?.replace(/\/+$/, "");
  const token = process.env.GAUNTLET_TOKEN;
  if (!url || !token)
    fail(
      "Set GAUNTLET_URL (e.g. http://localhost:3000) and GAUNTLET_TOKEN (a workspace API token, gnt_…).",
      EXIT.usage,
    );
  return { url, token };
}

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  /** Worth asking again while waiting on a run: the server was unreachable, busy or failing. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The server's `{error: {code, message}}` message, or the body's start when it has none. */
function errorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return `${status} ${body.error.code ?? "error"}: ${body.error.message}`;
  } catch {
    // not JSON: fall through to the text itself
  }
  return `${status} ${text.slice(0, 300) || "(empty response)"}`;
}

/** One request; resolves with the body's text on 2xx, throws ApiError otherwise. */
export async function requestText(
  srv: Server,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${srv.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${srv.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new ApiError(`cannot reach ${srv.url}: ${cause}`, 0);
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(errorMessage(res.status, text), res.status);
  return text;
}

export async function requestJson<T>(
  srv: Server,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  return JSON.parse(await requestText(srv, method, path, body)) as T;
}

/** Runs a command's body; an ApiError exits 3 with the server's message. */
export async function withApiErrors(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof ApiError) fail(err.message, EXIT.server);
    throw err;
  }
}
