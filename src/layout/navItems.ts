/** Main navigation: home page sections (SPEC §2), reached with the hash and a 64 px offset. */
export const NAV_ITEMS = [
  { key: "nav.home", hash: undefined },
  { key: "nav.presentation", hash: "presentation" },
  { key: "nav.services", hash: "solutions" },
  { key: "nav.faq", hash: "faq" },
  { key: "nav.articles", hash: "health-news" },
  { key: "nav.contact", hash: "contact" },
] as const
