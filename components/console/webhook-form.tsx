"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { createWebhookAction, updateWebhookAction } from "@/app/console/[workspace]/webhooks/actions";
import { Field } from "@/components/ui/field";
import fieldStyles from "@/components/ui/field.module.css";
import { SubmitButton } from "@/components/ui/submit-button";
import { WEBHOOK_EVENTS } from "@/lib/contracts/webhooks";
import styles from "./console.module.css";
import { CheckboxField } from "./fields";
import { FormStatus } from "./form-status";
import { SecretReveal } from "./secret-reveal";

type State = Awaited<ReturnType<typeof createWebhookAction>>;

export interface WebhookFormEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  active: boolean;
}

/** Add a webhook endpoint (the secret is shown once, here) or change one. */
export function WebhookForm({ workspace, endpoint }: { workspace: string; endpoint?: WebhookFormEndpoint }) {
  const t = useTranslations("consolePages.webhooks");
  const [state, formAction, pending] = useActionState(endpoint ? updateWebhookAction : createWebhookAction, {
    status: "idle",
  } as State);
  // Controlled, so a refused submit keeps every ticked event (the form itself is reset).
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? [WEBHOOK_EVENTS[0]]);
  // After an endpoint is added, the empty form starts over (adjusting state during render).
  const [seenAt, setSeenAt] = useState(state.at);
  if (state.at !== seenAt) {
    setSeenAt(state.at);
    if (!endpoint && state.status === "success") setEvents([WEBHOOK_EVENTS[0]]);
  }
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  const created = !endpoint && state.status === "success" ? state.data : undefined;
  const prefix = endpoint ? `webhook-${endpoint.id.slice(-6)}` : "webhook-new";

  return (
    <div className="stack">
      {created?.secret ? (
        <>
          <SecretReveal secret={created.secret} title={t("createdTitle")} />
          <p>
            <Link href={`/console/${workspace}/webhooks/${created.id}`}>{t("openCreated")}</Link>
          </p>
        </>
      ) : (
        <FormStatus state={state} success={endpoint ? t("saved") : undefined} />
      )}
      <form
        key={state.at ?? 0}
        action={formAction}
        noValidate
        className={styles.form}
        aria-busy={pending || undefined}
      >
        <input type="hidden" name="workspace" value={workspace} />
        {endpoint ? <input type="hidden" name="id" value={endpoint.id} /> : null}
        <Field
          id={`${prefix}-url`}
          name="url"
          type="url"
          label={t("urlLabel")}
          hint={t("urlHint")}
          required
          maxLength={2000}
          defaultValue={v.url ?? endpoint?.url}
          error={e.url}
        />
        <Field
          id={`${prefix}-description`}
          name="description"
          label={t("descriptionLabel")}
          maxLength={200}
          defaultValue={v.description ?? endpoint?.description}
          error={e.description}
        />
        <fieldset className="stack">
          <legend>{t("eventsLabel")}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <CheckboxField
              key={name}
              id={`${prefix}-event-${name}`}
              name="events"
              value={name}
              label={t(`event.${name}`)}
              hint={name}
              checked={events.includes(name)}
              onChange={(ev) =>
                setEvents((list) => (ev.target.checked ? [...list, name] : list.filter((x) => x !== name)))
              }
            />
          ))}
          {e.events ? (
            <p className={fieldStyles.error} role="alert">
              {e.events.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          id={`${prefix}-active`}
          name="active"
          label={t("activeLabel")}
          hint={t("activeHint")}
          defaultChecked={v.active !== undefined ? v.active === "on" : (endpoint?.active ?? true)}
        />
        <div>
          <SubmitButton pending={pending}>{endpoint ? t("save") : t("submit")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
