import { and, eq, gt, max, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { availabilities, timeSlots } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { doctorsBehind, startSlotTopUp } from "./slotTopUp.ts"
import { DEFAULT_WEEKS } from "./slots.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway({ seedDoctors: 3 })
})
afterAll(async () => {
  await gw?.stop()
})

const today = () => Temporal.Now.plainDateISO("Africa/Dakar")
const slotCount = async () => (await gw.db.select({ n: sql<number>`count(*)::int` }).from(timeSlots))[0]!.n

describe("the slot job", () => {
  it("makes the standard horizon exist again at start, for every doctor with an availability, and no further", async () => {
    const cut = today().add({ weeks: 1 }).toString()
    await gw.db.delete(timeSlots).where(gt(timeSlots.slotDate, cut))
    const afterCut = await slotCount()
    const stop = startSlotTopUp(gw.db, 3_600_000)
    await stop()
    expect(await slotCount()).toBeGreaterThan(afterCut)
    const doctorsWithAvailabilities = await gw.db.selectDistinct({ id: availabilities.doctorId }).from(availabilities)
    const reach = await gw.db
      .select({ doctorId: timeSlots.doctorId, last: max(timeSlots.slotDate) })
      .from(timeSlots)
      .groupBy(timeSlots.doctorId)
    expect(reach.map((r) => r.doctorId).sort()).toEqual(doctorsWithAvailabilities.map((d) => d.id).sort())
    const standardEnd = today().add({ weeks: DEFAULT_WEEKS }).toString()
    for (const { last } of reach) {
      expect(
        String(last) >
          today()
            .add({ weeks: DEFAULT_WEEKS - 1 })
            .toString(),
      ).toBe(true)
      expect(String(last) <= standardEnd).toBe(true)
    }
  })

  it("keeps a doctor whose schedule reaches further at the long horizon", async () => {
    const [one] = await gw.db.selectDistinct({ id: availabilities.doctorId }).from(availabilities).limit(1)
    const [template] = await gw.db.select().from(timeSlots).where(eq(timeSlots.doctorId, one!.id)).limit(1)
    // A slot ten weeks ahead: the doctor set up their schedule here and reached that far.
    const farDate = today().add({ weeks: 10 })
    const { id: _id, ...rest } = template!
    await gw.db
      .insert(timeSlots)
      .values({ ...rest, slotDate: farDate.toString(), startTime: "23:40", endTime: "23:55", startsAt: new Date(`${farDate}T23:40:00Z`), status: "AVAILABLE" })
    await startSlotTopUp(gw.db, 3_600_000)()
    const beyond = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(timeSlots)
      .where(and(eq(timeSlots.doctorId, one!.id), gt(timeSlots.slotDate, today().add({ weeks: 20 }).toString())))
    expect(beyond[0]!.n).toBeGreaterThan(0)
  })

  it("plans only the doctors whose horizon has fallen behind: none after a run, the one cut short after a cut", async () => {
    await startSlotTopUp(gw.db, 3_600_000)()
    const now = Temporal.Now.instant()
    const standardEnd = today().add({ weeks: DEFAULT_WEEKS }).toString()
    expect(await doctorsBehind(gw.db, now, standardEnd)).toEqual({ standard: [], far: [] })
    const [near, far] = await Promise.all([
      gw.db.selectDistinct({ id: availabilities.doctorId }).from(availabilities),
      gw.db.selectDistinct({ id: timeSlots.doctorId }).from(timeSlots).where(gt(timeSlots.slotDate, standardEnd)),
    ])
    const standardDoctor = near.map((d) => d.id).find((id) => !far.some((f) => f.id === id))!
    await gw.db.delete(timeSlots).where(
      and(
        eq(timeSlots.doctorId, standardDoctor),
        gt(
          timeSlots.slotDate,
          today()
            .add({ weeks: DEFAULT_WEEKS - 1 })
            .toString(),
        ),
      ),
    )
    expect(await doctorsBehind(gw.db, now, standardEnd)).toEqual({ standard: [standardDoctor], far: [] })
    const farDoctor = far[0]!.id
    await gw.db.delete(timeSlots).where(and(eq(timeSlots.doctorId, farDoctor), gt(timeSlots.slotDate, today().add({ weeks: 20 }).toString())))
    expect(await doctorsBehind(gw.db, now, standardEnd)).toEqual({ standard: [standardDoctor], far: [farDoctor] })
    await startSlotTopUp(gw.db, 3_600_000)()
    expect(await doctorsBehind(gw.db, now, standardEnd)).toEqual({ standard: [], far: [] })
  })

  it("once stopped, makes no more slots and leaves no run behind", async () => {
    const stop = startSlotTopUp(gw.db, 50)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await stop()
    await gw.db.delete(timeSlots).where(gt(timeSlots.slotDate, today().add({ weeks: 1 }).toString()))
    const afterCut = await slotCount()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await slotCount()).toBe(afterCut)
  })
})
