import { assign, setup } from "xstate"
import { LIMITS } from "../schemas/fields.ts"

export interface SearchBoxInput {
  /** The keyword the page's address holds. */
  readonly keyword: string
}

export interface SearchBoxContext {
  /** What is in the box. */
  draft: string
  /** What the page searches for (the address). */
  committed: string
}

export type SearchBoxEvent =
  { type: "search.type"; value: string } | { type: "search.submit" } | { type: "search.clear" } | { type: "search.sync"; keyword: string }

/** A search text is sent when empty or at least 2 characters long (SPEC §5, §9). */
export const isSearchable = (text: string): boolean => {
  const length = text.trim().length
  return length === 0 || length >= LIMITS.searchMin
}

/**
 * The search box of the doctor and facility searches (SPEC §4): typing is debounced 500 ms, then
 * the keyword is committed to the page if it is empty or has 2 characters or more; a single
 * character waits in `tooShort` with the minimum-characters message. Enter commits at once.
 * `search.sync` follows the address when it changes elsewhere (back button, clear filters).
 */
export const searchBoxMachine = setup({
  types: { context: {} as SearchBoxContext, events: {} as SearchBoxEvent, input: {} as SearchBoxInput },
  actions: {
    /** Writes the keyword to the page's address (page back to 1); provided by the page. */
    commit: (_, _params: { keyword: string }) => {},
    remember: assign({ committed: ({ context }) => context.draft.trim() }),
  },
  guards: {
    unchanged: ({ context }) => context.draft.trim() === context.committed,
    searchable: ({ context }) => isSearchable(context.draft),
  },
  delays: { debounce: 500 },
}).createMachine({
  id: "searchBox",
  context: ({ input }) => ({ draft: input.keyword, committed: input.keyword.trim() }),
  initial: "idle",
  on: {
    "search.type": { target: ".debouncing", reenter: true, actions: assign({ draft: ({ event }) => event.value }) },
    "search.sync": {
      target: ".idle",
      actions: assign({ draft: ({ event }) => event.keyword, committed: ({ event }) => event.keyword.trim() }),
    },
    "search.clear": {
      target: ".idle",
      actions: [assign({ draft: "" }), "remember", { type: "commit", params: { keyword: "" } }],
    },
  },
  states: {
    idle: {
      on: { "search.submit": { target: "deciding" } },
    },
    debouncing: {
      after: { debounce: "deciding" },
      on: { "search.submit": "deciding" },
    },
    deciding: {
      always: [
        { guard: "unchanged", target: "idle" },
        {
          guard: "searchable",
          target: "idle",
          actions: ["remember", { type: "commit", params: ({ context }) => ({ keyword: context.draft.trim() }) }],
        },
        { target: "tooShort" },
      ],
    },
    tooShort: {},
  },
})
