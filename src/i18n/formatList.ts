import { formatterOf } from "./format.ts"
import type { Language } from "./languages.ts"

/**
 * Items joined the way each language writes a list: « Pédiatrie, Cardiologie et Dermatologie »,
 * « Pédiatrie وCardiologie ». A module of its own: the landing's shell shows no list.
 */
export const formatList = (items: ReadonlyArray<string>, language: Language): string => formatterOf(Intl.ListFormat, language, {}).format(items)
