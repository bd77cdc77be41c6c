import { route } from "@/lib/api/handler";
import {
  notificationEmailOperations,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  oneClickBodySchema,
} from "@/lib/contracts/notification-email";
import { AppError } from "@/lib/errors";
import { unsubscribeFromNotificationEmails } from "@/lib/services/notifications/email-unsubscribe";

const op = notificationEmailOperations.unsubscribeOneClick;
const MAX_BODY = op.maxBodyBytes ?? 4096;

/** The RFC 8058 form body (urlencoded, or multipart as some clients send it), size-capped. */
async function isOneClick(req: Request): Promise<boolean> {
  const tooLarge = () => new AppError("payload_too_large", `Request body is larger than ${MAX_BODY} bytes`);
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY) throw tooLarge();
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY) throw tooLarge();
  try {
    const form = await new Response(text, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
    return oneClickBodySchema.safeParse(Object.fromEntries(form)).success;
  } catch {
    return false;
  }
}

export const POST = route(op, async ({ req, query }) => {
  if (!(await isOneClick(req))) {
    throw new AppError("bad_request", `Send the form field ${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE} (RFC 8058)`);
  }
  await unsubscribeFromNotificationEmails(query.token);
  return { unsubscribed: true as const };
});
