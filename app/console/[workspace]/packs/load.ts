import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getPack, getPackVersion } from "@/lib/services/packs";
import { workspaceForPage } from "../context";
import { orNotFound } from "../detail";

// The pack pages' reads: an unknown pack or version (or one of another workspace) is a 404.

const plausibleKey = (idOrSlug: string) => idOrSlug.length > 0 && idOrSlug.length <= 100;

export const loadPack = cache(async (workspaceId: string, idOrSlug: string) => {
  if (!plausibleKey(idOrSlug)) notFound();
  return orNotFound(() => getPack(workspaceId, idOrSlug));
});

/** A version number from the URL: a positive whole number, else null. */
export function versionNumberOf(raw: string | string[] | undefined): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}

export const loadPackVersion = cache(async (workspaceId: string, idOrSlug: string, number: number) => {
  if (!plausibleKey(idOrSlug)) notFound();
  return orNotFound(() => getPackVersion(workspaceId, idOrSlug, number));
});

export type VersionPageProps = { params: Promise<{ workspace: string; id: string; number: string }> };

/** A pack version page's workspace, pack and version (a bad number or another workspace's: 404). */
export async function loadVersionPage(props: VersionPageProps) {
  const { workspace: slug, id, number: raw } = await props.params;
  const { workspace } = await workspaceForPage(slug);
  const number = versionNumberOf(raw);
  if (number === null) notFound();
  const [pack, version] = await Promise.all([
    loadPack(workspace.id, id),
    loadPackVersion(workspace.id, id, number),
  ]);
  return { workspace, pack, version };
}
