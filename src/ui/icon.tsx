import type { SVGProps } from "react"

/**
 * Small inline icons in place of emoji, which show as empty boxes where the font lacks them.
 * Decorative (aria-hidden): the text beside them, or the button's aria-label, says what they mean.
 * They take the text's colour. The app frame's few icons live in `frameIcons.tsx`, so the screens' icons stay out of the entry.
 */
export const icon = (paths: string, filled = false) =>
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="1.1em"
        height="1.1em"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        style={{ verticalAlign: "-0.15em" }}
        {...props}
      >
        <path d={paths} />
      </svg>
    )
  }
