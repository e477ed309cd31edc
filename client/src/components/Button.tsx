import type { ComponentProps } from "react";
import styles from "./Button.module.css";
import { classNames } from "./classNames";

export type ButtonVariant = "primary" | "secondary" | "danger" | "text";

/** The application's button: filled primary, outlined secondary, red danger, or plain text. */
export function Button({ variant = "primary", className, type = "button", ...rest }: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <button type={type} className={classNames(styles.button, styles[variant], className)} {...rest} />;
}
