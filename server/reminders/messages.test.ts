import { describe, expect, it } from "vitest"
import { GSM7_LIMIT, isGsm7, smsLength, UCS2_LIMIT } from "../sms/segments.ts"
import { buildEmail, buildSms, noticeLanguageOf, type NoticeFacts, type NoticeKind, type NoticeLanguage } from "./messages.ts"

// 14:30 in Dakar (UTC+0) on 25 November 2030.
const at = new Date("2030-11-25T14:30:00Z")
const short: NoticeFacts = { at, timeZone: "Africa/Dakar", doctor: "Dr Awa Diop", place: "Clinique Pasteur, Dakar" }
const long: NoticeFacts = {
  at,
  timeZone: "Africa/Dakar",
  doctor: "Dr Mame Diarra Bousso Ndiaye-Sarr Fall Mbacké Seck Gueye",
  place: "Hôpital Principal de Dakar, Service de cardiologie, 1 avenue Nelson Mandela, Plateau, Dakar, Sénégal",
}
const languages: NoticeLanguage[] = ["fr", "en", "ar"]
const kinds: NoticeKind[] = ["REMINDER_24H", "REMINDER_2H", "CANCELLATION"]

describe("reminder SMS", () => {
  for (const lang of languages) {
    for (const kind of kinds) {
      it(`${lang} ${kind}: one SMS even with a long doctor name and address, the time kept whole`, () => {
        for (const facts of [short, long]) {
          const text = buildSms(lang, kind, facts)
          expect(smsLength(text)).toBeLessThanOrEqual(isGsm7(text) ? GSM7_LIMIT : UCS2_LIMIT)
          expect(text).toContain("25/11 14:30")
        }
      })
    }
  }

  it("keeps a short notice whole, and cuts the place before the doctor", () => {
    expect(buildSms("fr", "REMINDER_2H", short)).toBe("Promed: rappel, RDV 25/11 14:30 avec Dr Awa Diop, Clinique Pasteur, Dakar.")
    expect(buildSms("en", "REMINDER_24H", short)).toBe("Promed: reminder, appointment tomorrow 25/11 14:30 with Dr Awa Diop, Clinique Pasteur, Dakar.")
    const cut = buildSms("fr", "REMINDER_24H", { ...long, doctor: "Dr Awa Diop", place: `${long.place}, Afrique de l'Ouest` })
    expect(cut).toContain("Dr Awa Diop")
    // "ô" would make it UCS-2 (70 characters): bare letters keep it GSM-7; "é" is GSM-7 and stays.
    expect(cut).toContain("Hopital Principal")
    expect(cut).not.toContain("Afrique")
    expect(isGsm7(cut)).toBe(true)
  })

  it("writes Arabic as UCS-2 in 70 characters, with the values isolated", () => {
    const text = buildSms("ar", "REMINDER_2H", short)
    expect(isGsm7(text)).toBe(false)
    expect(text.length).toBeLessThanOrEqual(70)
    expect(text).toContain("\u206825/11 14:30\u2069")
    expect(text).toContain("تذكير")
  })

  it("shows the time in the facility's own zone (N'Djamena is UTC+1)", () => {
    expect(buildSms("en", "REMINDER_2H", { ...short, timeZone: "Africa/Ndjamena" })).toContain("25/11 15:30")
  })
})

describe("reminder email", () => {
  it("carries the time, doctor and place in the patient's language", () => {
    const fr = buildEmail("fr", "REMINDER_24H", long)
    expect(fr.subject).toContain("Rappel")
    expect(fr.text).toContain(long.doctor)
    expect(fr.text).toContain(long.place)
    expect(fr.text).toContain("14:30")
    expect(buildEmail("ar", "CANCELLATION", short).text).toContain("أُلغي")
    expect(buildEmail("en", "REMINDER_2H", short).text).toContain("two hours")
  })

  it("reads the saved app language, French when none is known", () => {
    expect(noticeLanguageOf("AR")).toBe("ar")
    expect(noticeLanguageOf("EN")).toBe("en")
    expect(noticeLanguageOf("FR")).toBe("fr")
    expect(noticeLanguageOf(undefined)).toBe("fr")
    expect(noticeLanguageOf("DE")).toBe("fr")
  })
})
