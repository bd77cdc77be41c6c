import Link from "next/link";
import type { ComponentProps, ComponentPropsWithRef } from "react";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "sm";

export type ButtonStyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container. */
  block?: boolean;
};

export function buttonClassName({
  variant = "primary",
  size = "md",
  block = false,
  className,
}: ButtonStyleProps & { className?: string | undefined }): string {
  return [
    styles.button,
    variant !== "primary" ? styles[variant] : undefined,
    size === "sm" ? styles.sm : undefined,
    block ? styles.block : undefined,
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ComponentPropsWithRef<"button"> & ButtonStyleProps;

export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block, className })} {...props} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyleProps;

/** A navigation link that looks like a button. Use it for "go somewhere", Button for "do something". */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block, className })} {...props} />;
}
