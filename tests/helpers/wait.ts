/** Something whose output explains a timeout, e.g. a worker process. */
export interface HasOutput {
  output: () => string;
}

/**
 * Polls `fn` every 50 ms until it returns a truthy value and returns that value. Throws after
 * `timeoutMs`, naming `what` and appending `context`'s output. Keep timeouts generous: the outcome
 * must not depend on how fast the machine is.
 */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
  context?: HasOutput,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${context ? `\n${context.output()}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
