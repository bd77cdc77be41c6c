// Shapes shared by the sandbox pool, the worker protocol and the plugin services.

/** A JSON value: what crosses the sandbox boundary in either direction. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface SandboxJob {
  /** Plugin source: a script (top-level `function evaluate`) or an ES module (`export function`). */
  code: string;
  /** Name of the function to call, optionally dotted (`exports.score`, `Scorer.score`). */
  entrypoint: string;
  /** JSON-serialisable arguments, cloned into the sandbox. */
  args?: unknown[];
  /** Default SANDBOX_TIMEOUT_MS (5000 ms). */
  timeoutMs?: number;
  /** QuickJS heap ceiling; default 64 MB. */
  memoryMb?: number;
  /** Load the code and check that the entrypoint is a function, without calling it. */
  checkOnly?: boolean;
}

export type SandboxErrorKind = "timeout" | "memory" | "runtime" | "invalid_output" | "crashed";

export type SandboxResult =
  | { ok: true; value: JsonValue }
  | { ok: false; error: SandboxErrorKind; detail: string };

export interface SandboxRunOptions {
  /** Cancels a queued job, or stops a running one (its worker is replaced). */
  signal?: AbortSignal;
  /** Whose job this is (the workspace id): workspaces take turns and have their own limits. */
  tenant?: string;
}
