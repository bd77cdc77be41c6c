"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { decideReviewAction } from "@/app/console/[workspace]/reviews/actions";
import { SubmitButton } from "@/components/ui/submit-button";
import { MAX_DECISION_NOTE } from "@/lib/contracts/verdict-reviews/constants";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";

type State = Awaited<ReturnType<typeof decideReviewAction>>;

/** A member's decision on one review: the verdict and a required note. */
export function ReviewDecisionForm({ workspace, reviewId }: { workspace: string; reviewId: string }) {
  const t = useTranslations("verdictReviews.console");
  const [state, formAction, pending] = useActionState(decideReviewAction, { status: "idle" } as State);
  const noteId = `review-note-${reviewId}`;
  return (
    <div className="stack">
      <FormStatus state={state} />
      <form
        action={formAction}
        className={styles.form}
        aria-busy={pending || undefined}
        data-testid={`review-form-${reviewId}`}
      >
        <input type="hidden" name="workspace" value={workspace} />
        <input type="hidden" name="id" value={reviewId} />
        <fieldset>
          <legend>{t("verdictLegend")}</legend>
          <label>
            <input type="radio" name="verdict" value="win" required /> {t("verdictWin")}
          </label>{" "}
          <label>
            <input type="radio" name="verdict" value="no_win" /> {t("verdictNoWin")}
          </label>
        </fieldset>
        <label htmlFor={noteId}>{t("noteLabel")}</label>
        <textarea
          id={noteId}
          name="note"
          required
          maxLength={MAX_DECISION_NOTE}
          rows={3}
          aria-describedby={`${noteId}-hint`}
        />
        <p id={`${noteId}-hint`} className="hint">
          {t("noteHint", { max: MAX_DECISION_NOTE })}
        </p>
        <div>
          <SubmitButton pending={pending}>{t("decide")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
