import { isAbsolute, resolve } from "node:path";

/** Resolves a `file:` URL against the working directory (what Prisma does at runtime). */
export function sqliteFilePath(url: string): string {
  const raw = url.replace(/^file:/, "").split("?")[0] ?? "";
  return isAbsolute(raw) ? raw : resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
}
