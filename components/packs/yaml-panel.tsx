"use client";

import { useActionState, type ReactNode } from "react";
import styles from "@/components/console/console.module.css";
import { FormStatus } from "@/components/console/form-status";
import { submitWithoutReset } from "@/components/console/submit-without-reset";
import type { FormState } from "@/lib/contracts/forms";
import { PackErrorList } from "./pack-error-list";
import packStyles from "./packs.module.css";
import type { InvalidPack } from "./types";
import { useYamlDraft, YamlDraftFields } from "./yaml-draft";

/** The answer every pack panel shares: the pack's errors. */
export type { InvalidPack } from "./types";

const isInvalid = (data: { kind: string }): data is InvalidPack => data.kind === "invalid";

/**
 * A pack's YAML sent to a server action: the draft fields, the panel's buttons, then the answer
 * (a refusal, the pack's errors, or what `success` makes of the panel's own results).
 */
export function YamlPanel<R extends { kind: string }>({
  workspace,
  example,
  action,
  idPrefix,
  fileLabel,
  yamlLabel,
  yamlHint,
  rows,
  buttons,
  resultTestId,
  success,
}: {
  workspace: string;
  example?: string | undefined;
  action: (prev: FormState<R | InvalidPack>, formData: FormData) => Promise<FormState<R | InvalidPack>>;
  idPrefix: string;
  fileLabel: string;
  yamlLabel: string;
  yamlHint: string;
  rows: number;
  buttons: (pending: boolean) => ReactNode;
  resultTestId: string;
  /** Keyed by the answer's time, so a repeated answer is announced again. */
  success: (data: R, key: number | undefined) => ReactNode;
}) {
  const [state, dispatch, pending] = useActionState(action, { status: "idle" } as FormState<R | InvalidPack>);
  const { yaml, setYaml, onSubmit, onFile, shown, data } = useYamlDraft(state, submitWithoutReset(dispatch));

  return (
    <div className="stack">
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-busy={pending || undefined}>
        <input type="hidden" name="workspace" value={workspace} />
        <YamlDraftFields
          idPrefix={idPrefix}
          fileLabel={fileLabel}
          yamlLabel={yamlLabel}
          yamlHint={yamlHint}
          rows={rows}
          yaml={yaml}
          setYaml={setYaml}
          onFile={onFile}
          example={example}
        />
        <div className={packStyles.buttons}>{buttons(pending)}</div>
      </form>
      <div data-testid={resultTestId}>
        <FormStatus state={shown.status === "error" ? shown : { status: "idle" }} />
        {data === undefined ? null : isInvalid(data) ? (
          <PackErrorList key={state.at} errors={data.errors} />
        ) : (
          success(data, state.at)
        )}
      </div>
    </div>
  );
}
