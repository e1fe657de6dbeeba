import { describe, expect, it } from "vitest"
import {
  ussdBookingMachine,
  USSD_PAGE_SIZE,
  type UssdContext,
  type UssdLanguage,
  type UssdNotice,
  type UssdOption,
} from "../../machines/ussdBooking.machine.ts"
import { isGsm7 } from "../sms/segments.ts"
import { ussdPage, ussdRoom } from "./screens.ts"

// Issue 41: every screen fits one USSD page, 182 GSM-7 characters; Arabic (UCS-2) fewer: 80.
const GSM7_PAGE = 182
const UCS2_PAGE = 80

const LANGUAGES: ReadonlyArray<UssdLanguage> = ["fr", "en", "ar"]
const NOTICES: ReadonlyArray<UssdNotice> = [null, "invalidChoice", "invalidName", "slotTaken", "refused", "nothingFound"]
const LIST_STATES = ["places", "specialties", "doctors", "slots", "persons", "appointments"] as const
const OTHER_STATES = ["menu", "firstName", "lastName", "confirm", "cancelConfirm", "language"] as const
const FINAL_STATES = ["booked", "noAppointments", "cancelled", "cancelRefused", "emergency", "languageSaved", "unavailable"] as const

// The longest a gateway label is likely to be, with letters outside GSM-7 (ô, ç) and Arabic script.
const LONG = "Dr Mamadou-Abdoulaye Ndiôgou Çissé-Diallo, Clinique de la Madeleine, 25 000 FCFA"
const labels = (n: number): UssdOption[] => Array.from({ length: n }, (_, i) => ({ id: `o-${i}`, label: `${LONG} ${i}` }))

function snapshotAt(value: string, changes: Partial<UssdContext>) {
  const context: UssdContext = {
    language: "fr",
    country: "SN",
    hasAccount: true,
    list: labels(9),
    offset: 0,
    place: { id: "p", label: "Thiès" },
    specialty: { id: "s", label: "Cardiologie" },
    doctor: { id: "d", label: LONG },
    slot: { id: "t", label: "lun. 07/12 09:30" },
    person: { id: "a", label: "Aïssatou Ndiaye-Sarr (fille)" },
    firstName: "Ndèye",
    lastName: "Çissé",
    appointment: { id: "x", label: `07/12 09:30 ${LONG}` },
    booked: { when: "07/12 09:30", doctor: LONG, place: LONG },
    notice: null,
    ...changes,
  }
  return ussdBookingMachine.resolveState({ value, context })
}

describe("USSD screens (issue 41)", () => {
  it("the page sizes: 182 GSM-7 characters, 80 in UCS-2", () => {
    expect(ussdRoom("a".repeat(10)).max).toBe(GSM7_PAGE)
    expect(ussdRoom("حجز").max).toBe(UCS2_PAGE)
  })

  for (const language of LANGUAGES) {
    describe(language, () => {
      for (const state of [...LIST_STATES, ...OTHER_STATES, ...FINAL_STATES])
        // The language screen opens from the menu with nothing to say, and can only say a key was wrong.
        for (const notice of state === "language" ? [null, "invalidChoice" as const] : NOTICES) {
          it(`${state}${notice ? `, saying ${notice}` : ""}: one page, the session ${(FINAL_STATES as ReadonlyArray<string>).includes(state) ? "ends" : "goes on"}`, () => {
            const page = ussdPage(snapshotAt(state, { language, notice }))
            const ends = (FINAL_STATES as ReadonlyArray<string>).includes(state)
            expect(page.startsWith(ends ? "END " : "CON ")).toBe(true)
            const text = page.slice(4)
            const { used, max } = ussdRoom(text)
            expect(used, text).toBeLessThanOrEqual(max)
            expect(max).toBe(language === "ar" || state === "language" ? UCS2_PAGE : GSM7_PAGE)
            // French and English stay in GSM-7 whatever the names: one ô would cut the room to 80.
            if (language !== "ar" && state !== "language") expect(isGsm7(text)).toBe(true)
            if (language === "ar") expect(text).toMatch(/\p{Script=Arabic}/u)
          })
        }

      for (const state of LIST_STATES) {
        it(`${state}: the page's choices are 1 to ${USSD_PAGE_SIZE[language]}, 0 shows more and 00 goes back`, () => {
          const lines = ussdPage(snapshotAt(state, { language })).slice(4).split("\n")
          const keys = lines.map((line) => line.split(" ")[0])
          expect(keys).toEqual(expect.arrayContaining([...Array.from({ length: USSD_PAGE_SIZE[language] }, (_, i) => String(i + 1)), "0", "00"]))
          expect(keys).not.toContain(String(USSD_PAGE_SIZE[language] + 1))
        })
        it(`${state}, the last page: no 0`, () => {
          const lastPage = ussdPage(snapshotAt(state, { language, list: labels(3), offset: 2 }))
          expect(
            lastPage
              .slice(4)
              .split("\n")
              .map((line) => line.split(" ")[0]),
          ).not.toContain("0")
        })
      }
    })
  }

  it("the emergency numbers are the caller's country's (+221 Senegal, +235 Chad)", () => {
    expect(ussdPage(snapshotAt("emergency", { country: "SN" }))).toContain("1515")
    expect(ussdPage(snapshotAt("emergency", { country: "TD" }))).toContain("2020")
    expect(ussdPage(snapshotAt("emergency", { country: "TD" }))).not.toContain("1515")
  })

  it("the booked screen keeps the date and time however long the names", () => {
    expect(ussdPage(snapshotAt("booked", { language: "ar" }))).toContain("07/12 09:30")
    expect(ussdPage(snapshotAt("booked", {}))).toContain("07/12 09:30")
  })
})
