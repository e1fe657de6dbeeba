/** The GSM 03.38 default alphabet: a text made only of these (and the extension below) is sent as GSM-7. */
const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
/** Characters of the extension table: each takes two septets. */
const GSM7_EXTENDED = "^{}\\[~]|€\f"

/** The most a single SMS holds: 160 GSM-7 septets, or 70 UTF-16 units when a character needs UCS-2 (Arabic). */
export const GSM7_LIMIT = 160
export const UCS2_LIMIT = 70

export const isGsm7 = (text: string) => [...text].every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENDED.includes(c))

/** The room `text` takes in one SMS, in the units of its encoding. */
export const smsLength = (text: string) => (isGsm7(text) ? [...text].reduce((n, c) => n + (GSM7_EXTENDED.includes(c) ? 2 : 1), 0) : text.length)

/** True when `text` fits one SMS. */
export const fitsOneSms = (text: string) => smsLength(text) <= (isGsm7(text) ? GSM7_LIMIT : UCS2_LIMIT)

/**
 * Latin letters outside GSM-7 (ô, ê, ç, î…) replaced by their bare letter: one such letter would
 * send the whole text as UCS-2 and cut its room from 160 to 70. Other characters are kept.
 */
export const toGsm7Latin = (text: string) =>
  [...text]
    .map((c) => {
      if (isGsm7(c)) return c
      const bare = c.normalize("NFD").replace(/\p{M}/gu, "")
      return isGsm7(bare) ? bare : c
    })
    .join("")
