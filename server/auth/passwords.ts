import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { isCleanLine } from "../../schemas/fields.ts"

// N=2^14, r=8, p=1: the OWASP scrypt baseline; about 50 ms and 16 MiB per hash here.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))))
}

/** Hashes with a fresh 16-byte salt; the result carries its parameters: scrypt$N$r$p$salt$key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$")
}

/**
 * Constant-time check of a password against a stored hash. A password holding a control character
 * or a lone surrogate is never right: scrypt's HMAC pads its key with zero bytes, so "Passw0rd!\0"
 * would otherwise open the account of "Passw0rd!" (and no password can hold one, SPEC §5).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, , , , saltText, keyText] = stored.split("$")
  if (scheme !== "scrypt" || !saltText || !keyText || !isCleanLine(password)) return false
  const expected = Buffer.from(keyText, "base64url")
  const actual = await derive(password, Buffer.from(saltText, "base64url"))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
