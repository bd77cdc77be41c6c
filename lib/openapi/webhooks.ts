import "server-only";
import { z } from "zod";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  webhookHeadersDoc,
  webhookPayloads,
  webhookTestPayload,
} from "@/lib/contracts/webhooks";

// The OpenAPI `webhooks` section: what Gauntlet POSTs to a workspace's endpoints, per event type,
// with the Standard Webhooks headers receivers verify (e.g. with the `standardwebhooks` package).

const toSchema = (schema: z.ZodType) => {
  const out = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};

const DESCRIPTION =
  "Sent as `POST` with a JSON body to every active endpoint of the workspace subscribed to the event. " +
  "Signed per Standard Webhooks: verify `webhook-signature` over `<webhook-id>.<webhook-timestamp>.<raw body>` " +
  "with the endpoint's secret (`whsec_…`, shown when the endpoint is created or its secret rotated). " +
  "Answer with any 2xx within 10 s; anything else (also a redirect, which is not followed) is retried " +
  "with exponential backoff, up to 6 tries. `webhook-id` stays the same across retries and resends: dedupe on it.";

function operation(event: string, summary: string, schema: z.ZodType): Record<string, unknown> {
  return {
    post: {
      operationId: `webhook_${event.replace(/\W/g, "_")}`,
      summary,
      description: DESCRIPTION,
      tags: ["webhooks"],
      parameters: Object.entries(webhookHeadersDoc).map(([name, description]) => ({
        name,
        in: "header",
        required: true,
        description,
        schema: { type: "string" },
      })),
      requestBody: { required: true, content: { "application/json": { schema: toSchema(schema) } } },
      responses: {
        "2XX": { description: "Received (the body is ignored; a 2 KiB excerpt is kept in the delivery log)" },
        default: { description: "Not received: the delivery is retried" },
      },
    },
  };
}

const SUMMARIES: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  challenge_first_blood: "The first successful attempt of a challenge",
  challenge_record_beaten: "A challenge's leaderboard record was beaten under its scoring strategy",
  team_pairing_completed: "A Red/Blue pairing was judged, with each team's points",
  team_submission_requested: "A Red/Blue side is asked for a fresh submission (request_new_if_none found none)",
  verdict_reviewed: "A member decided the review of a player's attempt: the verdict confirmed or overturned, with the note",
};

export function webhooksDocument(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const event of WEBHOOK_EVENTS) out[event] = operation(event, SUMMARIES[event], webhookPayloads[event]);
  out[WEBHOOK_TEST_EVENT] = operation(
    WEBHOOK_TEST_EVENT,
    'A test event, sent from the console ("Send test event")',
    webhookTestPayload,
  );
  return out;
}
