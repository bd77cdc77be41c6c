import { z } from "zod";
import { operation } from "@/lib/contracts/operation";

// Notification emails: the one-click unsubscribe endpoint that every digest names in its
// List-Unsubscribe header (RFC 8058). Mail clients POST `List-Unsubscribe=One-Click` as a form;
// the signed token in the query names the account. No session: the token is the authority.

export const ONE_CLICK_FIELD = "List-Unsubscribe";
export const ONE_CLICK_VALUE = "One-Click";

/** The RFC 8058 form body (read by the handler itself: route() parses only JSON bodies). */
export const oneClickBodySchema = z.object({ [ONE_CLICK_FIELD]: z.literal(ONE_CLICK_VALUE) });

export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true) });

export const notificationEmailOperations = {
  unsubscribeOneClick: operation({
    auth: "public",
    query: z.object({ token: z.string().min(1).max(256) }),
    body: oneClickBodySchema,
    rawBody: true,
    maxBodyBytes: 4 * 1024,
    doc: {
      summary: "Turn notification emails off (one-click unsubscribe, RFC 8058)",
      bodyMediaType: "application/x-www-form-urlencoded",
      response: unsubscribeResultSchema,
      statuses: [400],
    },
  }),
};
