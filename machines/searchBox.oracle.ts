import type { AnyEventObject } from "xstate"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** What the user sees of a search box, and what it did to the page's address. */
export interface SearchBoxView {
  /** The text in the box. */
  readonly text: string
  /** The minimum-characters message is shown. */
  readonly tooShort: boolean
  /** A search waits for the 500 ms pause in typing. */
  readonly waiting: boolean
  /** The keyword the page's address holds, so what the results are for. */
  readonly address: string
  /** Every keyword the box wrote to the address (each write also sends the page back to 1). */
  readonly written: ReadonlyArray<string>
  /** Typing, clearing and following the address always work; Enter, unless the message already says why not. */
  readonly enabled: ReadonlyArray<string>
}

const PROBES = [{ type: "search.type", value: "ab" }, { type: "search.submit" }, { type: "search.clear" }, { type: "search.sync", keyword: "x" }]
const withEnabled = (view: Omit<SearchBoxView, "enabled">): SearchBoxView => ({
  ...view,
  enabled: enabledWhen({ "search.type": true, "search.submit": !view.tooShort, "search.clear": true, "search.sync": true }),
})

/** SPEC §5, §9: a search text goes out when empty or at least 2 characters long, once trimmed. */
const searchable = (text: string) => text.trim().length === 0 || text.trim().length >= 2

/** The pause is over, or Enter was pressed: search now if the text changed and may be sent. */
function decide(view: SearchBoxView): Omit<SearchBoxView, "enabled"> {
  const keyword = view.text.trim()
  const settled = { ...view, waiting: false, tooShort: false }
  if (keyword === view.address) return settled
  if (!searchable(keyword)) return { ...settled, tooShort: true }
  return { ...settled, address: keyword, written: [...view.written, keyword] }
}

export interface SearchBoxSut {
  readonly text: string
  readonly tooShort: boolean
  readonly timers: number
  readonly address: string
  readonly written: ReadonlyArray<string>
  readonly enabled: ReadonlyArray<string>
}

/**
 * SPEC §4 (doctor search, facility search): typing is debounced 500 ms; the keyword then searches
 * when it is empty or has 2 characters or more (§5: a single character gets the minimum-characters
 * message); Enter searches at once; the clear button empties the box and the search; a change of
 * the address made elsewhere (back button, a link) shows in the box without writing it back.
 */
export function searchBoxOracle(keywordInAddress: string): SpecOracle<SearchBoxView, SearchBoxSut> {
  return {
    initial: withEnabled({ text: keywordInAddress, tooShort: false, waiting: false, address: keywordInAddress.trim(), written: [] }),
    after: (view, event) => withEnabled(step(view, event)),
    observe: (sut) => ({ text: sut.text, tooShort: sut.tooShort, waiting: sut.timers > 0, address: sut.address, written: sut.written, enabled: sut.enabled }),
  }
}

function step(view: SearchBoxView, event: AnyEventObject): Omit<SearchBoxView, "enabled"> {
  switch (event.type) {
    case "search.type":
      return { ...view, text: event.value as string, waiting: true, tooShort: false }
    case "search.submit":
      return decide(view)
    case "xstate.after.debounce.searchBox.debouncing":
      return view.waiting ? decide(view) : view
    case "search.clear":
      return { ...view, text: "", tooShort: false, waiting: false, address: "", written: [...view.written, ""] }
    case "search.sync":
      return { ...view, text: event.keyword as string, tooShort: false, waiting: false, address: (event.keyword as string).trim() }
    default:
      return view
  }
}

/** What the box would react to, for the system under test's side. */
export const searchBoxEnabled = (snapshot: { can(event: never): boolean }) => enabledOf(snapshot, PROBES)
