/**
 * What a patient's SMS to Promed asks (issue 41), in French, English or Arabic, whatever the case,
 * the accents or a letter typed wrong: `RDV` the next appointments, `ANNULER 1` cancel the first of
 * them, `OUI` take the freed slot offered, `NON` pass it on.
 */
export type SmsRequest =
  | { readonly kind: "list" }
  | { readonly kind: "cancel"; readonly position: number }
  | { readonly kind: "accept" }
  | { readonly kind: "decline" }
  | { readonly kind: "help" }

const LIST = ["RDV", "RENDEZVOUS", "MESRDV", "APPT", "APPOINTMENTS", "APPOINTMENT", "مواعيد", "موعد", "مواعيدي"]
const CANCEL = ["ANNULER", "ANNULE", "CANCEL", "الغاء", "الغ"]
const ACCEPT = ["OUI", "YES", "OK", "نعم"]
const DECLINE = ["NON", "NO", "لا"]

/** Upper case, no accents, Arabic hamza forms and tatweel folded, digits (Arabic-Indic too) kept. */
function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[إأآ]/g, "ا")
    .replace(/ـ/g, "")
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .toUpperCase()
}

/** Edits (insert, delete, replace) between two words: one slip of the thumb is read as meant. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = kept
    }
  }
  return row[b.length]!
}

/** Whether `word` is one of `words`, exactly, or one edit away for a word of five letters or more. */
const isOneOf = (word: string, words: ReadonlyArray<string>) => words.some((w) => w === word || (w.length >= 5 && distance(word, w) <= 1))

export function readSmsRequest(text: string): SmsRequest {
  const words = folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const [first = "", second] = words
  // "RENDEZ-VOUS", "MES RDV": the words run together.
  const joined = words.filter((w) => !/^\d+$/.test(w)).join("")
  if (isOneOf(first, CANCEL)) {
    const position = Number(second ?? "1")
    return Number.isInteger(position) && position >= 1 ? { kind: "cancel", position } : { kind: "help" }
  }
  if (isOneOf(first, LIST) || isOneOf(joined, LIST)) return { kind: "list" }
  if (words.length === 1 && isOneOf(first, ACCEPT)) return { kind: "accept" }
  if (words.length === 1 && isOneOf(first, DECLINE)) return { kind: "decline" }
  return { kind: "help" }
}
