import "server-only";
import { eventCodeSchema } from "@/lib/contracts/auth";
import { describeEventCode } from "@/lib/services/event-codes";

/** The invite link's `event` search parameter, normalised, or undefined when there is none or it is malformed. */
export function eventParam(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw === "") return undefined;
  const parsed = eventCodeSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** What the register and login pages say about the link's code: the event's name, or why it cannot be used. */
export async function eventNotice(
  raw: string | string[] | undefined,
  code: string | undefined,
  forRegistration: boolean,
): Promise<{ name: string } | { refusal: string } | null> {
  if (raw === undefined || raw === "") return null;
  if (code === undefined) return { refusal: "This event code is not known. Check the invite link with the event's organiser." };
  return describeEventCode(code, forRegistration);
}

/** Query string of the links between the login and register pages: the return path and the code. */
export function authQuery(next: string, event: string | undefined): string {
  return new URLSearchParams(event ? { next, event } : { next }).toString();
}
