/** Icons of the screens (lazy chunks): see `icon.tsx`. */
import { icon } from "./icon.tsx"

export const BellIcon = /* @__PURE__ */ icon("M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0")
export const CalendarIcon = /* @__PURE__ */ icon("M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z")
export const ScheduleIcon = /* @__PURE__ */ icon("M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM12 14v3l2 1")
export const UsersIcon = /* @__PURE__ */ icon(
  "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75",
)
export const ThumbUpIcon = /* @__PURE__ */ icon(
  "M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88z",
)
export const ThumbDownIcon = /* @__PURE__ */ icon(
  "M17 14V2M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88z",
)
/** Points to the start of the line: left in French and English; give it `flip-rtl` to point right in Arabic. */
export const BackIcon = /* @__PURE__ */ icon("M19 12H5M12 19l-7-7 7-7")
/** Two arrows going round (a refresh); the button's text says what it does. */
export const RefreshIcon = /* @__PURE__ */ icon("M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M21 12a9 9 0 0 1-15.5 6.2L3 16M3 21v-5h5")
export const ChevronUpIcon = /* @__PURE__ */ icon("m18 15-6-6-6 6")
export const StarIcon = /* @__PURE__ */ icon("M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z", true)
