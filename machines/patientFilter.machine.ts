import { setup } from "xstate"

export type PatientFilterEvent = { type: "patientFilter.toggle" } | { type: "patientFilter.close" }

/**
 * The collapsible filter panel of the doctor's patient list (SPEC §4: toggled open or closed).
 * The filters themselves live in the address; this only says whether the panel shows.
 */
export const patientFilterMachine = setup({
  types: { context: {} as { open: boolean }, events: {} as PatientFilterEvent, input: {} as { open: boolean } },
  guards: { startsOpen: ({ context }) => context.open },
}).createMachine({
  id: "patientFilter",
  context: ({ input }) => ({ open: input.open }),
  initial: "deciding",
  states: {
    // A filter already in the address opens the panel, so the doctor sees why the list is short.
    deciding: { always: [{ guard: "startsOpen", target: "open" }, { target: "closed" }] },
    closed: { on: { "patientFilter.toggle": "open" } },
    open: { on: { "patientFilter.toggle": "closed", "patientFilter.close": "closed" } },
  },
})
