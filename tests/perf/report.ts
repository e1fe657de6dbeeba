/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(samples: ReadonlyArray<number>, p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export type Cell = string | number
/** Prints a titled table with aligned columns; numbers are right-aligned. */
export function printTable(title: string, header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<Cell>>): void {
  const text = [header, ...rows.map((r) => r.map((c) => (typeof c === "number" ? formatNumber(c) : c)))]
  const widths = header.map((_, i) => Math.max(...text.map((r) => String(r[i] ?? "").length)))
  console.log(`\n${title}`)
  text.forEach((row, index) => {
    console.log(
      row
        .map((cell, i) => {
          const value = String(cell ?? "")
          return index > 0 && typeof rows[index - 1]![i] === "number" ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)
        })
        .join("  "),
    )
    if (index === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "))
  })
}

const formatNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1))

/** "ok" or "OVER" against a budget (lower is better). */
export const verdict = (value: number, budget: number) => (value <= budget ? "ok" : "OVER")
