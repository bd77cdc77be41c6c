import { Alert } from "@/components/ui/alert";
import type { FormState } from "@/lib/contracts/forms";

type State = Pick<FormState, "status" | "message" | "at">;

/** The message of a console form's last submit: an error alert, or a success status. */
export function FormStatus({ state, success }: { state: State; success?: string | undefined }) {
  if (state.status === "error" && state.message) {
    return (
      <Alert key={state.at} tone="error">
        {state.message}
      </Alert>
    );
  }
  if (state.status === "success" && (state.message ?? success)) {
    return (
      <Alert key={state.at} tone="success">
        {state.message ?? success}
      </Alert>
    );
  }
  return null;
}
