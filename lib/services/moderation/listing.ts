import "server-only";
import type { ListingState } from "@/lib/contracts/moderation";

// What the public pages list, as Prisma filters every public read shares (public-challenges.ts,
// challenge-search.ts, red-blue/public.ts): a listing is on the public lists when its workspace's
// listings are approved and an administrator has neither hidden nor removed it. A hidden listing,
// or one of a workspace waiting for approval, is still reachable by its link; a removed one is
// not shown at all. The state lives in the database and is read on every request (no cache), so
// every app instance sees an administrator's change at once.

export const LISTED_STATES: ListingState[] = ["normal", "featured"];

/** On the public lists (challenges, collections, red/blue challenges alike). */
export const listedWhere = {
  listing: { in: LISTED_STATES },
  workspace: { listingApproval: "approved" },
};

/** Reachable by its link: anything but a removed listing. */
export const reachableWhere = { listing: { not: "removed" } };

/** Featured listings first (the lists' own order follows). */
export const featuredFirst = (a: { listing: string }, b: { listing: string }): number =>
  Number(b.listing === "featured") - Number(a.listing === "featured");
