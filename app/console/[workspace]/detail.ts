import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/contracts/params";
import { workspaceForPage } from "./context";

// The reads of the console's detail pages: a malformed id, an unknown record or one of another
// workspace is the 404 page.

export type DetailProps = {
  params: Promise<{ workspace: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Runs `read`; its not_found error becomes the 404 page (notFound() from inside passes through). */
export async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

/** Reads the record of the id in the URL; a malformed id is a 404 without a read. */
export async function byIdOrNotFound<T>(id: string, read: (id: string) => Promise<T>): Promise<T> {
  if (!idParams.safeParse({ id }).success) notFound();
  return orNotFound(() => read(id));
}

/** The `generateMetadata` of a detail page titled by its record's name (`title` wraps it). */
export function nameAsTitle(
  load: (workspaceId: string, id: string) => Promise<{ name: string }>,
  title: (name: string) => string | Promise<string> = (name) => name,
) {
  return async ({ params }: Pick<DetailProps, "params">): Promise<Metadata> => {
    const { workspace: slug, id } = await params;
    const { workspace } = await workspaceForPage(slug);
    return { title: await title((await load(workspace.id, id)).name) };
  };
}
