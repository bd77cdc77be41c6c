import "server-only";
import {
  guestCookieName,
  guestCookieOptions,
  guestIdOf,
  guestSetCookie,
  verifyGuestToken,
} from "@/lib/auth/guest";
import { log } from "@/lib/log";
import { claimGuestAttempts } from "@/lib/services/guests";

// Signing in (registering, logging in) with a guest cookie: the guest's attempts become the
// account's (lib/services/guests.ts) and the cookie is cleared. A forged or expired cookie
// claims nothing. A failed claim is logged, does not stop the sign-in and keeps the cookie, so the
// next sign-in tries again instead of orphaning the guest's attempts.

/** Whether the cookie may be cleared: nothing to claim, or claimed. */
async function claim(accountId: string, guestId: string | null): Promise<boolean> {
  if (!guestId) return true;
  try {
    const claimed = await claimGuestAttempts(accountId, guestId);
    if (claimed.workspaces > 0) log.info("guest attempts claimed", { accountId, attempts: claimed.attempts });
    return true;
  } catch (err) {
    log.warn("guest attempts not claimed", {
      accountId,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
}

interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: ReturnType<typeof guestCookieOptions>): unknown;
}

/** Server actions: claims the guest of the cookie jar for the account and clears the cookie. */
export async function claimGuestOfJar(jar: CookieJar, accountId: string): Promise<void> {
  const raw = jar.get(guestCookieName())?.value;
  if (raw === undefined) return;
  if (await claim(accountId, verifyGuestToken(raw))) jar.set(guestCookieName(), "", guestCookieOptions(0));
}

/** API routes: claims the guest of the request's cookie and clears it on the response. */
export async function claimGuestOfRequest<R extends Response>(
  headers: Headers,
  res: R,
  accountId: string,
): Promise<R> {
  if (!(headers.get("cookie") ?? "").includes(guestCookieName())) return res;
  if (await claim(accountId, guestIdOf(headers))) res.headers.append("set-cookie", guestSetCookie("", 0));
  return res;
}
