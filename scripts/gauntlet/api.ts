// The CLI's side of the console API: where the server is (GAUNTLET_URL, GAUNTLET_TOKEN), one
// request helper whose failures are ApiErrors, and the one rule that turns any failure into an
// exit code and a message (EXIT, EXIT_CODES_HELP; every subcommand runs through withApiErrors).

/** The CLI's exit codes, the same for every subcommand (EXIT_CODES_HELP says what each means). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  refused: 3,
  serverError: 4,
  needsSandbox: 5,
  interrupted: 130,
} as const;

export const EXIT_CODES_HELP = `Exit codes (every command):
  0    done: bundles valid, published, listed; a run completed with every case passed
       (packs results on a run still going without --wait: 0)
  1    what was checked failed: a bundle has errors (validate, publish), a case of the run
       failed or ended in error, or the run failed or was cancelled
  2    usage or configuration: bad arguments, unreadable file, GAUNTLET_URL/GAUNTLET_TOKEN unset
  3    the server refused the request (4xx: bad token, missing scope, not found, invalid input);
       its error message is printed
  4    the server failed (5xx) or could not be reached
  5    the run was refused because cases need a sandbox provider: run again with --prompt-only
       to run only the cases that need none
  130  Ctrl-C while waiting on a run (the run goes on on the server)`;

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
    /** The server's `error.code`, when it sent one. */
    readonly code?: string,
    /** The answer's JSON body, when it was JSON. */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Worth asking again while waiting on a run: the server was unreachable, busy or failing. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /** The exit code of this failure: 4 server failed or unreachable, 5 needs a sandbox, else 3. */
  get exitCode(): number {
    if (this.status === 0 || this.status >= 500) return EXIT.serverError;
    if (this.code === "needs_sandbox") return EXIT.needsSandbox;
    return EXIT.refused;
  }
}

/** `<status> <code>: <error.message>`; never the body itself (an HTML page, a proxy's text…). */
function apiError(status: number, statusText: string, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof error?.code === "string" ? error.code : undefined;
  if (typeof error?.message === "string" && error.message !== "") {
    return new ApiError(`${status} ${code ?? "error"}: ${error.message}`, status, code, body);
  }
  const what = statusText || (status >= 500 ? "server error" : "refused");
  return new ApiError(
    `${status} ${what}: the server gave no error message (is GAUNTLET_URL a Gauntlet server?)`,
    status,
    code,
    body,
  );
}

/** A request body: JSON, or raw text with its media type. */
export type RequestBody = { json: unknown } | { text: string; contentType: string };

/** One request; resolves with the body's text on 2xx, throws ApiError otherwise. */
export async function requestText(
  srv: Server,
  method: "GET" | "POST",
  path: string,
  body?: RequestBody,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${srv.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${srv.token}`,
        ...(body === undefined
          ? {}
          : { "content-type": "json" in body ? "application/json" : body.contentType }),
      },
      body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.text,
    });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new ApiError(`cannot reach ${srv.url}: ${cause}`, 0);
  }
  const text = await res.text();
  if (!res.ok) throw apiError(res.status, res.statusText, text);
  return text;
}

export async function requestJson<T>(
  srv: Server,
  method: "GET" | "POST",
  path: string,
  body?: RequestBody,
): Promise<T> {
  const text = await requestText(srv, method, path, body);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(`the server's answer to ${method} ${path} is not JSON (is GAUNTLET_URL a Gauntlet server?)`, 0);
  }
}

/**
 * Runs a command's body: an ApiError exits with its code (3 refused, 4 server failed or
 * unreachable, 5 needs a sandbox) and its message on stderr. Every subcommand that talks to the
 * server runs through here.
 */
export async function withApiErrors(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof ApiError) fail(err.message, err.exitCode);
    throw err;
  }
}
