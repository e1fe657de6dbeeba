/** Dark enough for white letters at WCAG AA (contrast of 4.5:1 or more with #fff). */
export const AVATAR_COLOURS = ["#1f5f8b", "#8a3b12", "#2e6b30", "#6b3fa0", "#a4343a", "#00695c", "#5d4037", "#37474f"] as const

/** The first letters of the first and last words of a name, in capitals ("Aïcha Ngaradoum" gives "AN"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letter = (word: string | undefined) => (word ? Array.from(word)[0]! : "")
  return `${letter(words[0])}${words.length > 1 ? letter(words[words.length - 1]) : ""}`.toUpperCase()
}

/** A colour of the palette drawn from the name: the same name always gets the same colour. */
export function colourOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!
}
