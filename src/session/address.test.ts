import { describe, expect, it } from "vitest"
import { readAddress, strippedAddress, withAddressParams } from "./address.ts"

describe("strippedAddress", () => {
  it("drops the login parameters and lang, keeping every other parameter and the hash", () => {
    expect(strippedAddress("/doctors", "?lang=ar&page=2&sessionToken=abc&login=1", "#top")).toBe("/doctors?page=2#top")
    expect(strippedAddress("/doctors", "?lang=en", "")).toBe("/doctors")
  })
})

describe("withAddressParams", () => {
  it("puts back the language and the login parameters of the request on the address it is sent to", () => {
    expect(withAddressParams("/doctors?page=5", "?page=999&lang=ar")).toBe("/doctors?page=5&lang=ar")
    expect(withAddressParams("/doctors", "?rating=abc&sessionToken=t%2B1&lang=en")).toBe("/doctors?sessionToken=t%2B1&lang=en")
    const back = withAddressParams("/facilities?page=2#map", "?login=1&token=xyz")
    expect(back).toBe("/facilities?page=2&login=1&token=xyz#map")
    expect(readAddress(back.slice(back.indexOf("?"), back.indexOf("#")))).toEqual({ urlToken: "xyz", urlLanguage: null, arrivedFromLogin: true })
  })

  it("leaves the address as written when the request had none, and never re-encodes it", () => {
    expect(withAddressParams("/doctors?specialties=CARDIOLOGY,NEUROLOGY&keyword=%C3%A9", "?page=999")).toBe(
      "/doctors?specialties=CARDIOLOGY,NEUROLOGY&keyword=%C3%A9",
    )
    expect(withAddressParams("/doctors?specialties=CARDIOLOGY,NEUROLOGY", "?lang=fr")).toBe("/doctors?specialties=CARDIOLOGY,NEUROLOGY&lang=fr")
  })
})

describe("readAddress", () => {
  it("reads the language whatever its case or region, and French for any other", () => {
    const cases: Array<[string, string | null]> = [
      ["?lang=AR", "ar"],
      ["?lang=En", "en"],
      ["?lang=fr-SN", "fr"],
      ["?lang=ar_TD", "ar"],
      ["?lang=%20ar%20", "ar"],
      ["?lang=arabic", "fr"],
      ["?lang=de", "fr"],
      ["?lang=", "fr"],
      ["?page=2", null],
    ]
    for (const [search, language] of cases) expect(readAddress(search).urlLanguage, search).toBe(language)
  })

  it("takes no token that could not be sent in a header: control characters, spaces, characters outside ASCII", () => {
    for (const token of ["%00%07abc", "ab%20cd", "%E2%80%AEabc", "caf%C3%A9", ""]) {
      expect(readAddress(`?sessionToken=${token}&lang=ar`)).toEqual({ urlToken: null, urlLanguage: "ar", arrivedFromLogin: true })
    }
    expect(readAddress("?sessionToken=live-token_0123.abc~").urlToken).toBe("live-token_0123.abc~")
  })
})
