"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { addMemberAction, changeRoleAction } from "@/app/console/[workspace]/members/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import fieldStyles from "@/components/ui/field.module.css";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import { SelectField } from "./fields";
import { FormStatus } from "./form-status";
import { submitWithoutReset } from "./submit-without-reset";

type State = Awaited<ReturnType<typeof addMemberAction>>;

export function AddMemberForm({ workspace }: { workspace: string }) {
  const t = useTranslations("consolePages.members");
  const [state, formAction, pending] = useActionState(addMemberAction, { status: "idle" } as State);
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  return (
    <form key={state.at ?? 0} action={formAction} noValidate className={styles.form} aria-busy={pending || undefined}>
      <FormStatus state={state} success={t("added")} />
      <input type="hidden" name="workspace" value={workspace} />
      <div className={styles.grid2}>
        <Field
          id="member-email"
          name="email"
          type="email"
          autoComplete="off"
          label={t("emailLabel")}
          hint={t("emailHint")}
          required
          defaultValue={v.email}
          error={e.email}
        />
        <SelectField
          id="member-role"
          name="role"
          label={t("roleLabel")}
          defaultValue={v.role ?? "editor"}
          error={e.role}
          options={[
            { value: "editor", label: t("roleEditor") },
            { value: "admin", label: t("roleAdmin") },
          ]}
        />
      </div>
      <div>
        <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}

export function RoleForm({ workspace, id, role, name }: { workspace: string; id: string; role: string; name: string }) {
  const t = useTranslations("consolePages.members");
  const [state, formAction, pending] = useActionState(changeRoleAction, { status: "idle" } as State);
  const [value, setValue] = useState(role);
  const selectId = `role-${id}`;
  return (
    // Without the automatic form reset: it would put the controlled select back on its first option.
    <form onSubmit={submitWithoutReset(formAction)} className="cluster" aria-busy={pending || undefined}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="visually-hidden">
        {t("changeRoleLabel", { name })}
      </label>
      <select
        id={selectId}
        name="role"
        className={fieldStyles.input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      >
        <option value="editor">{t("roleEditor")}</option>
        <option value="admin">{t("roleAdmin")}</option>
      </select>
      <SubmitButton size="sm" variant="secondary" pending={pending} disabled={value === role}>
        {t("changeRole")}
      </SubmitButton>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
    </form>
  );
}
