import type { ButtonHTMLAttributes } from "react"

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger"

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: "normal" | "small"
  loading?: boolean
}

/** The product's button; `loading` disables it and says so to screen readers. */
export function Button({ variant = "primary", size = "normal", loading = false, className, disabled, children, type = "button", ...rest }: ButtonProps) {
  const classes = ["btn", `btn-${variant}`, size === "small" ? "btn-small" : "", className ?? ""].filter(Boolean).join(" ")
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="spinner" style={{ inlineSize: 16, blockSize: 16, borderWidth: 2 }} aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
