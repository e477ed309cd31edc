import type { ButtonHTMLAttributes } from "react";
import styles from "./Button.module.css";
import { classNames } from "./classNames";

export type ButtonVariant = "primary" | "secondary" | "danger" | "text";

/** The application's button: filled primary, outlined secondary, red danger, or plain text. */
export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  // biome-ignore lint/a11y/useButtonType: the type is a prop with the default "button"
  return <button type={type} className={classNames(styles.button, styles[variant], className)} {...rest} />;
}
