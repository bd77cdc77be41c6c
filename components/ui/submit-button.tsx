"use client";

import { type MouseEvent } from "react";
import { useFormStatus } from "react-dom";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

export type SubmitButtonProps = Omit<ButtonProps, "type"> & {
  /** Pending flag from useActionState; defaults to the enclosing form's status. */
  pending?: boolean;
};

/**
 * Keeps its accessible name while pending (tests and screen readers find it by name) and stays
 * focusable: it is marked aria-disabled instead of disabled, and repeated submits are swallowed.
 */
export function SubmitButton({ pending: pendingProp, children, onClick, ...props }: SubmitButtonProps) {
  const status = useFormStatus();
  const pending = pendingProp ?? status.pending;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <Button type="submit" aria-disabled={pending || undefined} onClick={handleClick} {...props}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
