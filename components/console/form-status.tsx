import { Alert } from "@/components/ui/alert";

type State = { status: "idle" | "error" | "success"; message?: string | undefined; at?: number | undefined };

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
