/**
 * A JSON text already written, known to encode a `T`: the gateway sends it as it is. The doctors'
 * records come out of PostgreSQL as JSON text (server/repositories/doctors.ts); parsing a search's
 * 22 kB to write it out again was a sixth of the gateway's CPU on an uncached search.
 */
export class JsonText<T> {
  /** Only to tie the text to what it encodes. */
  declare readonly encodes?: T

  constructor(readonly text: string) {}

  /** What the text encodes, for a caller that needs the value. */
  parse(): T {
    return JSON.parse(this.text) as T
  }
}

/** The JSON body of a value, or of a text already written. */
export const jsonOf = (value: unknown): string => (value instanceof JsonText ? value.text : JSON.stringify(value))
