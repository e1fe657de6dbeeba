/**
 * `npm run bench [section…]`: the speed and size measurements, each section printing its tables.
 * With no argument every section runs; name some (e.g. `npm run bench -- search`) to run those.
 */
import { bundleSizesSection } from "./bundleSizes.ts"
import { costGrowthSection } from "./costGrowth.ts"
import { gatewayLoadSection } from "./gatewayLoad.ts"
import { headroomSection } from "./headroom.ts"
import { lighthouseSection } from "./lighthouse.ts"
import { searchLatencySection } from "./searchLatency.ts"
import { webVitalsSection } from "./webVitals.ts"

/** Add a section here: a name and a function that measures and prints. */
const SECTIONS: Record<string, () => Promise<void>> = {
  bundle: bundleSizesSection,
  vitals: webVitalsSection,
  lighthouse: lighthouseSection,
  search: searchLatencySection,
  load: gatewayLoadSection,
  headroom: headroomSection,
  growth: costGrowthSection,
}

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !(name in SECTIONS))
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(", ")}. Sections: ${Object.keys(SECTIONS).join(", ")}`)
  process.exit(2)
}
for (const [name, run] of Object.entries(SECTIONS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  const started = performance.now()
  await run()
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`)
}
