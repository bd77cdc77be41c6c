import { startTransition, type FormEvent } from "react";

/**
 * An onSubmit handler that hands the form's data to a useActionState dispatcher inside a
 * transition. Unlike <form action={…}>, React does not reset the form afterwards, so rich
 * editors (controlled selects, live previews) keep exactly what the author typed, on success and
 * on error alike.
 */
export function submitWithoutReset(dispatch: (formData: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    startTransition(() => dispatch(formData));
  };
}
