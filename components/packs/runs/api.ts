// Same-origin calls to the console API from the run pages: the session cookie rides along and
// x-workspace-id names the workspace (a member of several would otherwise get their first).

export class ConsoleApiError extends Error {}

async function failure(res: Response): Promise<ConsoleApiError> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string") return new ConsoleApiError(body.error.message);
  } catch {
    // Not JSON: the status says enough.
  }
  return new ConsoleApiError(`HTTP ${res.status}`);
}

export async function consoleRequest(
  url: string,
  workspace: string,
  init: { method?: "GET" | "POST"; signal?: AbortSignal } = {},
): Promise<Response> {
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers: { "x-workspace-id": workspace, accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!res.ok) throw await failure(res);
  return res;
}

export async function consoleJson(
  url: string,
  workspace: string,
  init: { method?: "GET" | "POST"; signal?: AbortSignal } = {},
): Promise<unknown> {
  return (await consoleRequest(url, workspace, init)).json();
}

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
