import "server-only";
import { redirect } from "next/navigation";
import { authQuery, eventNotice, eventParam } from "@/lib/auth/event-param";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getViewer } from "@/lib/auth/viewer";

/** The login and register pages' address: where to return (a signed-in viewer goes straight there), the event code. */
export async function authPageContext(
  searchParams: Promise<Record<string, string | string[] | undefined>>,
  forRegistration: boolean,
) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getViewer()) redirect(next);
  const event = eventParam(params.event);
  const notice = await eventNotice(params.event, event, forRegistration);
  return { next, event, notice, query: authQuery(next, event) };
}
