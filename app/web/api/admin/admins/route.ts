import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { listAdmins, requireInstanceAdmin, setInstanceAdmin } from "@/lib/services/moderation";

export const GET = route(moderationOperations.admins, async ({ caller }) => {
  await requireInstanceAdmin(caller.account);
  return { data: await listAdmins() };
});

export const POST = route(moderationOperations.setAdmin, async ({ body, caller }) => {
  const actor = await requireInstanceAdmin(caller.account);
  return { admin: await setInstanceAdmin(actor, body) };
});
