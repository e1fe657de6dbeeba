import { describe, expect, it } from "vitest"
import { signatureHeader, signatureProblem } from "./signature.ts"

const SECRET = "whsec_0123456789abcdef0123456789abcdef"
const BODY = '{"id":"evt_1","type":"payment.succeeded"}'
const NOW = new Date("2026-12-04T12:00:00Z")

describe("provider notice signatures (HMAC-SHA256 over `t.body`, 5 minutes either way)", () => {
  it("holds for the body as signed, at the time it was signed and up to 5 minutes off", () => {
    const header = signatureHeader(SECRET, BODY, NOW)
    expect(header).toMatch(/^t=1796385600,v1=[0-9a-f]{64}$/)
    expect(signatureProblem(SECRET, header, BODY, NOW)).toBeNull()
    expect(signatureProblem(SECRET, header, BODY, new Date(NOW.getTime() + 5 * 60_000))).toBeNull()
    expect(signatureProblem(SECRET, header, BODY, new Date(NOW.getTime() - 5 * 60_000))).toBeNull()
  })

  it("refuses another secret, another body, a stale or future time, and no or a malformed header", () => {
    const header = signatureHeader(SECRET, BODY, NOW)
    expect(signatureProblem("another-secret-0123456789abcdef0123", header, BODY, NOW)).toBe("wrong signature")
    expect(signatureProblem(SECRET, header, `${BODY} `, NOW)).toBe("wrong signature")
    expect(signatureProblem(SECRET, header, BODY, new Date(NOW.getTime() + 5 * 60_000 + 1000))).toBe("signature outside the time tolerance")
    expect(signatureProblem(SECRET, header, BODY, new Date(NOW.getTime() - 5 * 60_000 - 1000))).toBe("signature outside the time tolerance")
    expect(signatureProblem(SECRET, undefined, BODY, NOW)).toBe("no signature")
    expect(signatureProblem(SECRET, "t=abc,v1=00", BODY, NOW)).toBe("malformed signature")
    // The time is signed too: moving it breaks the signature.
    const moved = header.replace(/^t=\d+/, `t=${NOW.getTime() / 1000 + 1}`)
    expect(signatureProblem(SECRET, moved, BODY, NOW)).toBe("wrong signature")
  })
})
