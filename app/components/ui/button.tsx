import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-clay-600 text-white hover:bg-clay-700 dark:bg-ochre-400 dark:text-earth-950 dark:hover:bg-ochre-300",
  secondary:
    "border border-clay-600 text-clay-700 hover:bg-clay-100 dark:border-ochre-400 dark:text-ochre-300 dark:hover:bg-earth-800",
  ghost: "text-earth-900 hover:bg-clay-100 dark:text-clay-100 dark:hover:bg-earth-800",
};

/** The one look of a button, for <button>s and for links that act as buttons. */
export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
