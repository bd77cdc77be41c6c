import "server-only";
import { badRequest } from "@/lib/services/arena/errors";

/** `?channel=&index=` of the sync endpoints (index defaults to 0). */
export function syncChannelParams(search: URLSearchParams): { channel: string; index: number } {
  const channel = search.get("channel");
  if (!channel) throw badRequest("channel is required");
  const raw = search.get("index");
  const index = raw === null || raw === "" ? 0 : Number(raw);
  if (!Number.isInteger(index) || index < 0) throw badRequest("index must be a non-negative integer");
  return { channel, index };
}
