import { readFileSync } from "node:fs"
import path from "node:path"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import type { TimeSlotId } from "../../schemas/ids.ts"
import { appointments, patients, timeSlots, users, ussdSessions } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { ussdRoom } from "./screens.ts"

/**
 * Issue 41's USSD gateway, replayed as an aggregator posts it: form fields sessionId, serviceCode,
 * phoneNumber and text (every input so far joined by `*`), answered `CON …` or `END …`.
 */

// The demo patient's verified number (server/db/seedData/demo.ts), and a Chad number no account has.
const AWA = "+221771234567"
const NEW_CALLER = "+23566123456"

let gw: TestGateway
let sessions = 0

beforeAll(async () => {
  gw = await startTestGateway({ bookingLimits: false })
})
afterAll(() => gw.stop())

/** One aggregator post; `app` is the gateway answering it (any gateway on the database will do). */
async function post(fields: Record<string, string>, app = gw.app, headers: Record<string, string> = {}) {
  const response = await app.request("/api/v1/ussd", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ serviceCode: "*789#", ...fields }).toString(),
  })
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") }
}

/** A caller's session: each `press` sends the inputs so far, as aggregators do, and answers the page. */
function dial(phoneNumber: string) {
  const sessionId = `ATUid_${++sessions}_${Date.now()}`
  const inputs: string[] = []
  const pages: string[] = []
  const send = async (app = gw.app) => {
    const { status, text } = await post({ sessionId, phoneNumber, text: inputs.join("*") }, app)
    expect(status).toBe(200)
    expect(text).toMatch(/^(CON|END) /)
    if (process.env.SHOW_USSD) console.log(`${inputs.join("*") || "(dial)"}\n${text}\n`)
    const { used, max } = ussdRoom(text.slice(4))
    expect(used, text).toBeLessThanOrEqual(max)
    pages.push(text)
    return text
  }
  return {
    sessionId,
    pages,
    /** The aggregator sends the last step again (a retry): the same fields. */
    resend: async () => (await post({ sessionId, phoneNumber, text: inputs.join("*") })).text,
    start: () => send(),
    press: (key: string, app = gw.app) => {
      inputs.push(key)
      return send(app)
    },
    /** The key of the first line of the page that contains `label`. */
    keyOf: (page: string, label: string) => {
      const line = page.split("\n").find((l) => /^\d+ /.test(l) && l.includes(label))
      expect(line, `"${label}" in\n${page}`).toBeDefined()
      return line!.split(" ")[0]!
    },
  }
}

const outbox = () => {
  try {
    return readFileSync(path.join(gw.config.dataDir, "sms", "outbox.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { to: string; text: string })
  } catch {
    return []
  }
}

/** From the menu to the slots of the first doctor of a specialty in `city`: the slots' page. */
async function toSlots(session: ReturnType<typeof dial>, city: string) {
  const menu = await session.start()
  expect(menu).toMatch(/^CON /)
  let page = await session.press("1")
  // The place may be on a later page: 0 turns it.
  while (!page.includes(city) && page.includes("\n0 ")) page = await session.press("0")
  page = await session.press(session.keyOf(page, city))
  expect(page).toMatch(/^CON /)
  page = await session.press("1")
  expect(page).toMatch(/^CON /)
  page = await session.press("1")
  expect(page).toMatch(/\n1 .*\d\d\/\d\d \d\d:\d\d/)
  return page
}

describe("POST /api/v1/ussd (issue 41)", () => {
  it("opens on the menu, in French for a number with no language, with 1 to 4", async () => {
    const page = await dial(AWA).start()
    expect(page).toBe("CON Promed\n1 Prendre rendez-vous\n2 Mes rendez-vous\n3 Urgences\n4 Langue")
  })

  it("a patient with a verified number books for herself: the slot becomes hers, the last screen and an SMS say when", async () => {
    const session = dial(AWA)
    const slots = await toSlots(session, "Dakar")
    const when = /\n1 (.*\d\d\/\d\d \d\d:\d\d)/.exec(slots)![1]!.replace(/^\S+\. /, "")
    const persons = await session.press("1")
    expect(persons).toContain("1 Moi: Awa Diop")
    const confirm = await session.press("1")
    expect(confirm).toMatch(/^CON Confirmer le RDV/)
    const end = await session.press("1")
    expect(end).toMatch(/^END RDV confirm/)
    expect(end).toContain(when.slice(-11))

    const [awa] = await gw.db
      .select({ patientId: patients.id })
      .from(patients)
      .innerJoin(users, eq(users.id, patients.userId))
      .where(eq(users.phoneNumber, AWA))
    const booked = await gw.db
      .select({ id: appointments.id, status: appointments.status, slotStatus: timeSlots.status })
      .from(appointments)
      .innerJoin(timeSlots, eq(timeSlots.id, appointments.timeSlotId))
      .where(and(eq(appointments.patientId, awa!.patientId), eq(appointments.reason, "Rendez-vous pris par USSD")))
    expect(booked).toEqual([expect.objectContaining({ status: "CONFIRMED", slotStatus: "BOOKED" })])
    expect(outbox().filter((sms) => sms.to === AWA && sms.text.includes(when.slice(-11)))).toHaveLength(1)

    // 2 lists it; choosing it and 1 cancels it (weeks ahead: inside the 24-hour rule).
    const mine = dial(AWA)
    await mine.start()
    const list = await mine.press("2")
    expect(list).toContain(when.slice(-11))
    expect(await mine.press(mine.keyOf(list, when.slice(-11)))).toMatch(/^CON Annuler le RDV/)
    expect(await mine.press("1")).toBe("END Votre rendez-vous est annulé.")
    const [after] = await gw.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, booked[0]!.id))
    expect(after!.status).toBe("CANCELED")
  })

  it("a caller from Chad without an account books in N'Djamena by giving a name: an account bound to the number is made", async () => {
    const session = dial(NEW_CALLER)
    await toSlots(session, "N'Djamena")
    expect(await session.press("1")).toBe("CON Votre prénom :")
    expect(await session.press("7")).toBe("CON Nom invalide: des lettres.\nVotre prénom :")
    expect(await session.press("Achta")).toBe("CON Votre nom :")
    expect(await session.press("Mahamat")).toMatch(/pour Achta Mahamat \?/)
    expect(await session.press("1")).toMatch(/^END RDV confirm/)

    const [made] = await gw.db
      .select({ firstName: users.firstName, verified: users.phoneVerifiedAt, patientId: patients.id })
      .from(users)
      .innerJoin(patients, eq(patients.userId, users.id))
      .where(eq(users.phoneNumber, NEW_CALLER))
    expect(made).toMatchObject({ firstName: "Achta" })
    expect(made!.verified).not.toBeNull()
    const theirs = await gw.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.patientId, made!.patientId))
    expect(theirs).toEqual([{ status: "CONFIRMED" }])
  })

  it("a step sent twice answers the same page and books once; the next step may reach another gateway", async () => {
    const other = createApp({ db: gw.db, config: gw.config })
    const session = dial(AWA)
    await toSlots(session, "Dakar")
    expect(await session.press("1", other)).toContain("Moi: Awa Diop")
    expect(await session.press("1")).toMatch(/^CON Confirmer/)
    const end = await session.press("1", other)
    expect(end).toMatch(/^END RDV confirm/)
    const countMine = async () =>
      (
        await gw.db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.reason, "Rendez-vous pris par USSD"), eq(appointments.status, "CONFIRMED")))
      ).length
    const before = await countMine()
    // The aggregator resends the last step: the same page, no second booking.
    expect(await session.resend()).toBe(end)
    expect(await countMine()).toBe(before)
  })

  it("a slot taken on the web between two screens: the menu says so and shows the next ones", async () => {
    const session = dial(AWA)
    const slots = await toSlots(session, "Dakar")
    const firstSlot = /\n1 (.*)/.exec(slots)![1]!
    // The slot shown first, as the session keeps it, is booked by someone else before Awa presses 1.
    const [kept] = await gw.db.select({ snapshot: ussdSessions.snapshot }).from(ussdSessions).where(eq(ussdSessions.sessionId, session.sessionId))
    const shownFirst = (kept!.snapshot as { context: { list: Array<{ id: TimeSlotId }> } }).context.list[0]!.id
    await gw.db.update(timeSlots).set({ status: "BOOKED" }).where(eq(timeSlots.id, shownFirst))
    const page = await session.press("1")
    // ê is not in GSM-7: the page writes it e, as the SMS do, to keep 182 characters.
    expect(page).toMatch(/^CON Ce créneau vient d'etre pris\.\nCréneau :\n1 /)
    expect(page).not.toContain(firstSlot)
    await gw.db.update(timeSlots).set({ status: "AVAILABLE" }).where(eq(timeSlots.id, shownFirst))
  })

  it("3 gives the emergency numbers of the caller's country, by the number", async () => {
    const sn = dial(AWA)
    await sn.start()
    expect(await sn.press("3")).toContain("SAMU 1515")
    const td = dial(NEW_CALLER)
    await td.start()
    const chad = await td.press("3")
    expect(chad).toContain("Police 2020")
    expect(chad).not.toContain("1515")
  })

  it("4 changes the language for the number: the next session opens in Arabic, within 80 characters", async () => {
    const session = dial(NEW_CALLER)
    await session.start()
    expect(await session.press("4")).toContain("3 العربية")
    expect(await session.press("3")).toMatch(/^END /)
    const next = await dial(NEW_CALLER).start()
    expect(next).toContain("حجز موعد")
  })

  it("a step of a session it does not know ends it; an unknown number too", async () => {
    expect((await post({ sessionId: "ATUid_unknown", phoneNumber: AWA, text: "1*2" })).text).toBe("END Session expirée. Composez à nouveau le code.")
    expect((await post({ sessionId: "ATUid_nonumber", phoneNumber: "hello", text: "" })).text).toMatch(/^END /)
  })

  it("answers only the aggregator once USSD_SECRET is set (compared whole, from the header or the query)", async () => {
    const secured = createApp({ db: gw.db, config: { ...gw.config, demoData: false, ussdSecret: "at-shared-secret-0123456789" } })
    const fields = { sessionId: "ATUid_secret", phoneNumber: AWA, text: "" }
    expect((await post(fields, secured)).status).toBe(403)
    expect((await post(fields, secured, { "X-Promed-Secret": "at-shared-secret-012345678" })).status).toBe(403)
    expect((await post(fields, secured, { "X-Promed-Secret": "at-shared-secret-0123456789" })).status).toBe(200)
    const open = createApp({ db: gw.db, config: { ...gw.config, demoData: false, ussdSecret: undefined } })
    expect((await post({ ...fields, sessionId: "ATUid_open" }, open)).status).toBe(403)
  })
})
