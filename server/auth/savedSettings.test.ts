import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postLogin } from "../../tests/security/loginCalls.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { idsOf } from "../routes/testing/appointmentFixtures.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const langOf = (location: string | null) => new URL(location ?? "", "http://localhost").searchParams.get("lang")

describe("settings that take effect", () => {
  it("opens the app in the language a patient saved, whatever the login page's language", async () => {
    const token = await gw.signIn("patient2@demo.sn")
    const { patientId } = await idsOf(gw, "patient2@demo.sn")
    const current = (await gw.api("GET", `/patients/${patientId}`, { token })).body.settings
    const saved = await gw.api("PUT", `/patients/${patientId}/settings`, { token, body: { ...current, appLanguage: "AR", timeZone: "Africa/Dakar" } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ appLanguage: "AR", timeZone: "Africa/Dakar" })
    const login = await postLogin(gw.app, "198.51.100.7", "patient2@demo.sn", "Passw0rd!", { lang: "fr", returnTo: "/profile" })
    expect(login.status).toBe(303)
    expect(langOf(login.headers.get("location"))).toBe("ar")
    const session = await gw.api("GET", "/session", { token })
    expect(session.body.settings).toMatchObject({ appLanguage: "AR", timeZone: "Africa/Dakar" })
  })

  it("opens the app in the language chosen for this sign-in over the saved one, and says the login page's links choose it (issue 39)", async () => {
    const token = await gw.signIn("patient2@demo.sn")
    const { patientId } = await idsOf(gw, "patient2@demo.sn")
    const current = (await gw.api("GET", `/patients/${patientId}`, { token })).body.settings
    expect((await gw.api("PUT", `/patients/${patientId}/settings`, { token, body: { ...current, appLanguage: "FR" } })).status).toBe(200)
    // Arabic chosen (ع in the app, or AR on the login page): the app opens in Arabic.
    const chosen = await postLogin(gw.app, "198.51.100.8", "patient2@demo.sn", "Passw0rd!", { lang: "ar", langChosen: "1", returnTo: "/profile" })
    expect(chosen.status).toBe(303)
    expect(langOf(chosen.headers.get("location"))).toBe("ar")
    // The page's own language links and a page opened with chosen=1 carry the choice into the form.
    const html = (await gw.call("GET", "/auth/login?lang=ar&chosen=1&returnTo=%2Fprofile")).text
    expect(html).toContain('name="langChosen" value="1"')
    expect(html).toMatch(/href="\/auth\/login\?lang=fr&amp;chosen=1&amp;/)
    expect((await gw.call("GET", "/auth/login?lang=ar&returnTo=%2Fprofile")).text).not.toContain('name="langChosen"')
  })

  it("keeps the spec's time zones valid and takes N'Djamena for a doctor, refusing an unknown zone", async () => {
    const token = await gw.signIn("doctor@demo.sn")
    const { doctorId } = await idsOf(gw, "doctor@demo.sn")
    const { doctorSettingsId: _a, doctorId: _b, ...current } = (await gw.api("GET", "/session", { token })).body.settings
    for (const timeZone of ["CENTERAL_TIME", "Africa/Ndjamena"]) {
      const saved = await gw.api("PUT", `/doctors/${doctorId}/settings`, { token, body: { ...current, timeZone } })
      expect(saved.status, saved.text).toBe(200)
      expect(saved.body.timeZone).toBe(timeZone)
    }
    const bad = await gw.api("PUT", `/doctors/${doctorId}/settings`, { token, body: { ...current, timeZone: "Europe/Paris" } })
    expect(bad.status).toBe(400)
  })

  it("opens the app in a doctor's saved language too, and in each of the three", async () => {
    const doctorToken = await gw.signIn("doctor@demo.sn")
    const { doctorId } = await idsOf(gw, "doctor@demo.sn")
    const { doctorSettingsId: _a, doctorId: _b, ...current } = (await gw.api("GET", "/session", { token: doctorToken })).body.settings
    const patientToken = await gw.signIn("patient2@demo.sn")
    const { patientId } = await idsOf(gw, "patient2@demo.sn")
    const patientCurrent = (await gw.api("GET", `/patients/${patientId}`, { token: patientToken })).body.settings
    const cases = [
      ["doctor@demo.sn", "EN", "ar"],
      ["doctor@demo.sn", "FR", "en"],
      ["patient2@demo.sn", "FR", "ar"],
      ["patient2@demo.sn", "EN", "fr"],
    ] as const
    for (const [email, appLanguage, pageLanguage] of cases) {
      const saved =
        email === "doctor@demo.sn"
          ? await gw.api("PUT", `/doctors/${doctorId}/settings`, { token: doctorToken, body: { ...current, appLanguage } })
          : await gw.api("PUT", `/patients/${patientId}/settings`, { token: patientToken, body: { ...patientCurrent, appLanguage } })
      expect(saved.status, saved.text).toBe(200)
      const login = await postLogin(gw.app, "198.51.100.9", email, "Passw0rd!", { lang: pageLanguage, returnTo: "/" })
      expect(langOf(login.headers.get("location")), `${email} ${appLanguage}`).toBe(appLanguage.toLowerCase())
    }
  })

  it("keeps the login page's language for a user with no saved one (a manager)", async () => {
    const login = await postLogin(gw.app, "198.51.100.8", "manager@demo.sn", "Passw0rd!", { lang: "en", returnTo: "/" })
    expect(login.status).toBe(303)
    expect(langOf(login.headers.get("location"))).toBe("en")
  })
})
