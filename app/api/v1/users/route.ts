// SpecArena protocol: users; also served at /api/users.
import { arenaRoute } from "@/lib/api/arena-route";
import { listProfiles, updateProfile } from "@/lib/services/arena/users";
import { pageParams } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ url }) => {
  const { limit, offset } = pageParams(url.searchParams);
  return listProfiles(limit, offset);
});
export const POST = arenaRoute(({ body }) => updateProfile(body), { write: true });
