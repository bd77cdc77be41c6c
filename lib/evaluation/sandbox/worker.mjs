// Plugin sandbox worker: one job at a time, each in a fresh QuickJS instance with no host functions.
// Plain .mjs: started by URL under vitest, tsx and Next (lib/evaluation/README.md, 'Sandbox worker').
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
import RELEASE_SYNC from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline } from "quickjs-emscripten";

const PAGE = 64 * 1024;
// The module's data, stack and allocator bookkeeping live in the same linear memory.
const HEADROOM_MB = 32;
const INITIAL_MB = 16; // what the QuickJS build expects at start-up
const MAX_STACK_BYTES = 512 * 1024;
const MAX_OUTPUT_CHARS = 256 * 1024;
const MAX_DETAIL_CHARS = 500;
// Same as lib/http/json-limits.ts MAX_JSON_DEPTH: deeper output overflows the host's stack in
// validation, storage or serialisation.
const MAX_OUTPUT_DEPTH = 64;
const ENTRYPOINT_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,2}$/;
// `export …` / `import x from …` at the start of a line; `exports.x = …` and `import(…)` are not.
const MODULE_SYNTAX = /^\s*(export\s+|export\s*[{*]|import\s+[\w${*]|import\s*[{*"'])/m;

// A console that discards everything, so plugins written with logging still run. Defined by
// plain script inside the VM: no host function is ever exposed.
const PRELUDE = `(() => {
  const noop = () => undefined;
  Object.defineProperty(globalThis, "console", {
    value: Object.freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop }),
    writable: true, configurable: true,
  });
  const exports = {};
  globalThis.exports = exports;
  globalThis.module = { exports };
})();`;

const WASM_PACKAGE = "@jitl/quickjs-wasmfile-release-sync";

/** The QuickJS .wasm file on disk. */
function wasmFile() {
  try {
    return new URL(import.meta.resolve(`${WASM_PACKAGE}/wasm`));
  } catch {
    // A worker bundled by Next.js cannot resolve packages by itself (and the variant's own loader
    // then looks for a /_next/static path that is not a file): resolve from the app's node_modules.
    // A computed specifier, so the bundler leaves this lookup to run time.
    return createRequire(join(process.cwd(), "package.json")).resolve([WASM_PACKAGE, "wasm"].join("/"));
  }
}

let compiledWasm;
async function wasmModule() {
  if (compiledWasm !== undefined) return compiledWasm;
  try {
    // Compile once per worker; every job instantiates it with its own Memory.
    compiledWasm = await WebAssembly.compile(await readFile(wasmFile()));
  } catch {
    // A bundler may hide the file from resolution; the variant then loads it itself per job.
    compiledWasm = null;
  }
  return compiledWasm;
}

class JobError extends Error {
  constructor(kind, detail) {
    super(detail);
    this.kind = kind;
  }
}

function clip(text) {
  const s = String(text);
  return s.length > MAX_DETAIL_CHARS ? `${s.slice(0, MAX_DETAIL_CHARS)}…` : s;
}

/**
 * Classifies an exception thrown inside the VM. `stage` decides what a plain error means. After
 * an interrupt the deadline has passed and the handler would also stop `dump` (which runs VM
 * code), so reading the error gets a short budget of its own.
 */
function vmError(runtime, ctx, handle, stage, deadline) {
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 100));
  let name = "Error";
  let message = "";
  let where = "";
  try {
    const dumped = ctx.dump(handle);
    if (dumped && typeof dumped === "object") {
      name = typeof dumped.name === "string" ? dumped.name : name;
      message = typeof dumped.message === "string" ? dumped.message : JSON.stringify(dumped);
      // Only the innermost frame: enough to find the line, never a whole trace.
      const frame = typeof dumped.stack === "string" ? dumped.stack.split("\n").find((l) => l.trim()) : "";
      where = frame ? ` (${frame.trim()})` : "";
    } else {
      message = `Uncaught ${JSON.stringify(dumped) ?? String(dumped)}`;
    }
  } catch {
    message = "Uncaught exception";
  }
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  if ((name === "InternalError" && message === "interrupted") || Date.now() >= deadline) return new JobError("timeout", "Stopped at the time limit");
  if (name === "InternalError" && (message === "out of memory" || message === "string too long")) {
    return new JobError("memory", `Stopped at the memory limit (${message})`);
  }
  return new JobError(stage === "output" ? "invalid_output" : "runtime", clip(`${name}: ${message}${where}`));
}

/** True when the JSON text nests arrays/objects deeper than limit (a scan, no recursion). */
function jsonDepthExceeds(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

async function runJob(job) {
  const maxMb = job.memoryMb + HEADROOM_MB;
  const memory = new WebAssembly.Memory({ initial: INITIAL_MB * (1024 * 1024 / PAGE), maximum: maxMb * (1024 * 1024 / PAGE) });
  const compiled = await wasmModule();
  const variant = newVariant(RELEASE_SYNC, compiled ? { wasmModule: compiled, wasmMemory: memory } : { wasmMemory: memory });
  const qjs = await newQuickJSWASMModuleFromVariant(variant);

  const deadline = Date.now() + job.timeoutMs;
  const runtime = qjs.newRuntime();
  const owned = new Set();
  const own = (h) => {
    owned.add(h);
    return h;
  };
  let context;
  try {
    runtime.setMemoryLimit(job.memoryMb * 1024 * 1024);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    context = runtime.newContext();
    const ctx = context;

    const unwrap = (result, stage) => {
      if (result.error) {
        own(result.error);
        throw vmError(runtime, ctx, result.error, stage, deadline);
      }
      return own(result.value);
    };
    // Settles a promise by running the VM's job queue (there is no host I/O, so once the queue
    // is empty a pending promise can never settle).
    const settle = (handle, stage) => {
      const first = ctx.getPromiseState(handle);
      if (first.type === "fulfilled" && first.notAPromise) return handle;
      if (first.type !== "pending") {
        if (first.type === "fulfilled") return own(first.value);
        own(first.error);
        throw vmError(runtime, ctx, first.error, stage, deadline);
      }
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        own(jobs.error);
        throw vmError(runtime, ctx, jobs.error, stage, deadline);
      }
      const state = ctx.getPromiseState(handle);
      if (state.type === "fulfilled") return own(state.value);
      if (state.type === "rejected") {
        own(state.error);
        throw vmError(runtime, ctx, state.error, stage, deadline);
      }
      // An interrupt inside a queued job can leave the promise pending without an error.
      if (Date.now() >= deadline) throw new JobError("timeout", "Stopped at the time limit");
      throw new JobError(stage === "output" ? "invalid_output" : "runtime", "The returned promise never settled");
    };

    // Taken before plugin code runs, so a plugin that replaces JSON cannot fool the host.
    const jsonObj = own(ctx.getProp(ctx.global, "JSON"));
    const jsonParse = own(ctx.getProp(jsonObj, "parse"));
    const jsonStringify = own(ctx.getProp(jsonObj, "stringify"));

    unwrap(ctx.evalCode(PRELUDE, "prelude.js", { type: "global", strict: true }), "load");

    const isModule = MODULE_SYNTAX.test(job.code);
    const loaded = unwrap(ctx.evalCode(job.code, "plugin.js", { type: isModule ? "module" : "global" }), "load");
    const namespace = isModule ? settle(loaded, "load") : null;

    if (!ENTRYPOINT_PATH.test(job.entrypoint)) throw new JobError("runtime", `Invalid entrypoint "${clip(job.entrypoint)}"`);
    const [head, ...rest] = job.entrypoint.split(".");
    let owner = ctx.undefined;
    let target;
    if (namespace) {
      target = own(ctx.getProp(namespace, head));
    } else {
      // Evaluating the bare name finds `function`, `const`, `let` and `class` declarations alike;
      // CommonJS-style `module.exports.x = …` / `exports.x = …` is the fallback.
      target = unwrap(
        ctx.evalCode(
          `typeof ${head} !== "undefined" ? ${head} : (typeof module === "object" && module && module.exports ? module.exports.${head} : undefined)`,
          "entrypoint.js",
          { type: "global" },
        ),
        "load",
      );
    }
    for (const key of rest) {
      if (ctx.typeof(target) !== "object" && ctx.typeof(target) !== "function") {
        throw new JobError("runtime", `Entrypoint "${job.entrypoint}" was not found`);
      }
      owner = target;
      target = own(ctx.getProp(owner, key));
    }
    if (ctx.typeof(target) !== "function") {
      throw new JobError("runtime", `Entrypoint "${job.entrypoint}" is not a function defined by the plugin`);
    }
    if (job.checkOnly) return { ok: true, value: { entrypoint: job.entrypoint } };

    const args = job.args.map((arg) =>
      unwrap(ctx.callFunction(jsonParse, jsonObj, own(ctx.newString(JSON.stringify(arg) ?? "null"))), "load"),
    );
    const returned = settle(unwrap(ctx.callFunction(target, owner, ...args), "call"), "call");

    const typeOf = ctx.typeof(returned);
    if (typeOf === "undefined" || typeOf === "function" || typeOf === "symbol") {
      throw new JobError("invalid_output", `The entrypoint returned ${typeOf === "undefined" ? "nothing" : `a ${typeOf}`}; return a JSON value`);
    }
    const serialised = unwrap(ctx.callFunction(jsonStringify, jsonObj, returned), "output");
    if (ctx.typeof(serialised) !== "string") throw new JobError("invalid_output", "The returned value is not JSON-serialisable");
    const text = ctx.getString(serialised);
    if (text.length > MAX_OUTPUT_CHARS) throw new JobError("invalid_output", `The returned value is larger than ${MAX_OUTPUT_CHARS / 1024} KB`);
    if (jsonDepthExceeds(text, MAX_OUTPUT_DEPTH)) {
      throw new JobError("invalid_output", `The returned value nests objects or arrays more than ${MAX_OUTPUT_DEPTH} levels deep`);
    }
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    if (err instanceof JobError) return { ok: false, error: err.kind, detail: err.message };
    // A WebAssembly trap or an abort inside QuickJS: the instance is unusable but harmless, since
    // it is thrown away. A full Memory means the plugin ran out of it.
    const full = memory.buffer.byteLength >= maxMb * 1024 * 1024;
    return full
      ? { ok: false, error: "memory", detail: "Stopped at the memory limit" }
      : { ok: false, error: "crashed", detail: clip(err instanceof Error ? `${err.name}: ${err.message}` : String(err)) };
  } finally {
    // Handles first, then context and runtime; after a trap these may throw, and the instance
    // is dropped with its Memory anyway.
    for (const h of owned) {
      try {
        if (h.alive) h.dispose();
      } catch {
        /* instance already unusable */
      }
    }
    try {
      context?.dispose();
      runtime.dispose();
    } catch {
      /* instance already unusable */
    }
  }
}

// Plugin code is untrusted and may spin until its deadline: on Linux the nice value is per
// thread, so this worker yields the CPU to the request threads (and the database) when they
// need it. Elsewhere setPriority(0, …) would nice the whole process, so it is left alone.
if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    /* not permitted: run at normal priority */
  }
}

parentPort.on("message", (job) => {
  runJob(job).then(
    (result) => parentPort.postMessage({ id: job.id, result }),
    (err) =>
      parentPort.postMessage({
        id: job.id,
        result: { ok: false, error: "crashed", detail: clip(err instanceof Error ? err.message : String(err)) },
      }),
  );
});
parentPort.postMessage({ ready: true });
