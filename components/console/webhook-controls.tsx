"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";
import {
  resendDeliveryAction,
  rotateSecretAction,
  sendTestEventAction,
  type DeliveryOutcome,
} from "@/app/console/[workspace]/webhooks/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";
import { SecretReveal } from "./secret-reveal";

function Outcome({ state }: { state: FormState<DeliveryOutcome> }) {
  const t = useTranslations("consolePages.webhooks");
  const d = state.status === "success" ? state.data : undefined;
  if (!d) return <FormStatus state={state} />;
  if (d.status === "succeeded") {
    return (
      <Alert key={state.at} tone="success" data-testid="webhook-test-outcome">
        {t("outcomeSucceeded", { status: d.responseStatus ?? 0 })}
      </Alert>
    );
  }
  return (
    <Alert
      key={state.at}
      tone={d.status === "failed" ? "error" : "warning"}
      data-testid="webhook-test-outcome"
    >
      {d.status === "failed"
        ? t("outcomeFailed", { error: d.error ?? "" })
        : t("outcomeRetrying", { error: d.error ?? "" })}
    </Alert>
  );
}

/** "Send test event": the first try happens in the request; its outcome is shown here. */
export function SendTestEvent({ workspace, id }: { workspace: string; id: string }) {
  const t = useTranslations("consolePages.webhooks");
  const [state, formAction, pending] = useActionState(sendTestEventAction, {
    status: "idle",
  } as FormState<DeliveryOutcome>);
  return (
    <form action={formAction} className="stack" aria-busy={pending || undefined}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={id} />
      <div>
        <SubmitButton variant="secondary" pending={pending}>
          {t("sendTest")}
        </SubmitButton>
      </div>
      <Outcome state={state} />
    </form>
  );
}

/** "Resend" on one delivery of the log. */
export function ResendDelivery({ workspace, id }: { workspace: string; id: string }) {
  const t = useTranslations("consolePages.webhooks");
  const [state, formAction, pending] = useActionState(resendDeliveryAction, {
    status: "idle",
  } as FormState<DeliveryOutcome>);
  return (
    <form action={formAction} className={styles.confirm} aria-busy={pending || undefined}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton variant="secondary" size="sm" pending={pending}>
        {t("resend")}
      </SubmitButton>
      {state.status === "error" ? <FormStatus state={state} /> : null}
    </form>
  );
}

/** Rotate the signing secret behind a confirm step; the new secret is shown once. */
export function RotateSecret({ workspace, id }: { workspace: string; id: string }) {
  const t = useTranslations("consolePages.webhooks");
  const tc = useTranslations("consolePages.common");
  const [state, formAction, pending] = useActionState(rotateSecretAction, { status: "idle" } as FormState<{
    id: string;
    secret?: string;
  }>);
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const asking = askedAt !== null && askedAt === (state.at ?? 0);
  const secret = state.status === "success" ? state.data?.secret : undefined;
  return (
    <div className="stack">
      {secret ? (
        <SecretReveal key={state.at} secret={secret} title={t("rotatedTitle")} />
      ) : (
        <FormStatus state={state} />
      )}
      {asking ? (
        <form action={formAction} className={styles.confirm} aria-busy={pending || undefined}>
          <input type="hidden" name="workspace" value={workspace} />
          <input type="hidden" name="id" value={id} />
          <span role="status">{t("rotateQuestion")}</span>
          <div className="cluster">
            <SubmitButton variant="danger" size="sm" pending={pending}>
              {t("rotateConfirm")}
            </SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setAskedAt(null)}>
              {tc("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setAskedAt(state.at ?? 0)}>
            {t("rotate")}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Refreshes the page every few seconds while some delivery is still being tried. */
export function RefreshWhilePending({
  pending,
  intervalMs = 3000,
}: {
  pending: boolean;
  intervalMs?: number;
}) {
  const router = useRouter();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [pending, intervalMs, router]);
  return null;
}
