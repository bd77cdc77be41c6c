// Renders lib/openapi/routes.ts (written by scripts/api-routes.mjs): every route handler of the app by
// file, with the operation contract (lib/contracts) each exported method is built from, read from its
// `route(operation, …)` call, or null for a handler built otherwise (the arena, next-auth, health).
// The OpenAPI document is generated from these contracts, so lib/ never imports app/.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { exportedMethods, root, routeFiles, routePath } from "./route-files.mjs";

export const OUTPUT = join(root, "lib/openapi/routes.ts");
/** The methods an operation contract can have (HttpMethod in lib/contracts/operation.ts). */
const OPERATION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// Not operations: the JSON 404 catch-alls of the API prefixes, the request guard's rejection route,
// the favicon redirect and the document's own route (the document adds GET /api/openapi.json).
const notAnOperation = (path) =>
  path.includes("[[...path]]") ||
  ["/api/request-rejected", "/favicon.ico", "/api/openapi.json"].includes(path);

/** `/web/api/challenges/[id]` → `/web/api/challenges/{id}` (`[...x]` → `{x}` too). */
const openApiPath = (path) => path.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

/** Local name → the contract module and name it is imported as (`import { a, b as c } from "@/lib/contracts/…"`). */
function contractImports(source) {
  const names = new Map();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(@\/lib\/contracts\/[^"]+)"/g)) {
    for (const part of m[1].split(",")) {
      const [imported, local = imported] = part
        .trim()
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (imported && !imported.startsWith("type ")) names.set(local, { module: m[2], name: imported });
    }
  }
  return names;
}

const analysed = new Map();

/** Each exported method's contract (`{ module, name, member }`), or null when not built with route(). */
function operationsOf(file) {
  if (analysed.has(file)) return analysed.get(file);
  const source = readFileSync(file, "utf8");
  const imports = contractImports(source);
  const where = relative(root, file);
  const result = {};
  for (const method of exportedMethods(source)) {
    const built = source.match(
      new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(\\s*([\\w$]+)(?:\\.([\\w$]+))?\\s*,`),
    );
    if (built) {
      let [, name, member] = built;
      if (!member) {
        const alias = source.match(new RegExp(`const\\s+${name}\\s*=\\s*([\\w$]+)\\.([\\w$]+)\\s*;`));
        if (!alias)
          throw new Error(
            `${where}: ${method} is built from ${name}, which is not an imported contract's operation`,
          );
        [, name, member] = alias;
      }
      const imported = imports.get(name);
      if (!imported)
        throw new Error(`${where}: ${method} is built from ${name}, not imported from lib/contracts`);
      result[method] = { module: imported.module, name: imported.name, member };
      continue;
    }
    if (new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(`).test(source)) {
      throw new Error(`${where}: ${method} is built with route() from an operation this script cannot read`);
    }
    result[method] = reExported(source, method) ?? null;
  }
  analysed.set(file, result);
  return result;
}

/** `export { GET } from "@/app/…/route"`: the other route file's contract for the method. */
function reExported(source, method) {
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*"@\/(app\/[^"]+)"/g)) {
    for (const part of m[1].split(",")) {
      const [original, exported = original] = part
        .trim()
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (exported === method) return operationsOf(join(root, `${m[2]}.ts`))[original];
    }
  }
  return undefined;
}

export function scanOperations() {
  return routeFiles()
    .map((file) => ({ file, path: routePath(file) }))
    .filter(({ path }) => !notAnOperation(path))
    .map(({ file, path }) => {
      const operations = operationsOf(file);
      for (const method of Object.keys(operations)) {
        if (!OPERATION_METHODS.includes(method))
          throw new Error(`${relative(root, file)}: ${method} is not an operation method`);
      }
      return { file: relative(root, file).split("\\").join("/"), path: openApiPath(path), operations };
    })
    .filter((r) => Object.keys(r.operations).length > 0);
}

export function render(routes) {
  const imports = new Map();
  for (const r of routes) {
    for (const op of Object.values(r.operations)) {
      if (!op) continue;
      const names = imports.get(op.module) ?? new Set();
      imports.set(op.module, names.add(op.name));
    }
  }
  const importLines = [...imports.keys()].sort().map((module) => {
    const names = [...imports.get(module)].sort().join(", ");
    return `import { ${names} } from ${JSON.stringify(module)};`;
  });
  const rows = routes.map((r) => {
    const ops = OPERATION_METHODS.filter((m) => m in r.operations)
      .map((m) => `${m}: ${r.operations[m] ? `${r.operations[m].name}.${r.operations[m].member}` : "null"}`)
      .join(", ");
    return `  { file: ${JSON.stringify(r.file)}, path: ${JSON.stringify(r.path)}, operations: { ${ops} } },`;
  });
  return `// Generated by scripts/api-routes.mjs from app/**/route.ts. Do not edit by hand.
// Every route handler of the app, with the operation contract each exported method is built from
// (route(operation, …)), or null for a handler not built with route() (lib/openapi/plain-routes.ts).
${importLines.join("\n")}
import type { HttpMethod, Operation } from "@/lib/contracts/operation";

export interface RouteEntry {
  /** Source file, relative to the repository root. */
  file: string;
  /** OpenAPI path ({param} for [param] and [...param]). */
  path: string;
  /** The file's exported methods: the contract each is built from, or null for a handler not built with route(). */
  operations: Partial<Record<HttpMethod, Operation | null>>;
}

export const ROUTES: RouteEntry[] = [
${rows.join("\n")}
];
`;
}
