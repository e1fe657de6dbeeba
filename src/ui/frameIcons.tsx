/** Icons of the app frame (header, dialogs, toasts, selects), which the entry carries: see `icon.tsx`. */
import { icon } from "./icon.tsx"

export const MenuIcon = /* @__PURE__ */ icon("M4 6h16M4 12h16M4 18h16")
export const CloseIcon = /* @__PURE__ */ icon("M18 6 6 18M6 6l12 12")
export const ChevronDownIcon = /* @__PURE__ */ icon("m6 9 6 6 6-6")
