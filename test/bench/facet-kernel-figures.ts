// `node test/bench/facet-kernel-figures.ts [--products N]`: the cost of each facet kernel
// (facet-kernels.ts) over random sets of 10 to 30,000 products of the engine bench's snapshot
// (bench-results/engine-snapshot-N.jsonl; run engine-bench.ts once to make it), every group
// counted, best of 30 runs each: the figures the "auto" kernel's weights come from. Not a test.
import { parseArgs } from "node:util"
import { makeBitset, setBit } from "../../adapters/catalog-engine/columns/bitset.ts"
import { type FacetKernel, GroupCounter, valueSetsOf } from "../../adapters/catalog-engine/catalog-index/facet-kernels.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "../../adapters/catalog-engine/catalog-index/listing-filters.ts"
import { PopcountKernel } from "../../adapters/catalog-engine/catalog-index/popcount-kernel.ts"
import { seededRandom } from "../support/seeded-random.ts"
import { indexFromSnapshot } from "./snapshot-index.ts"

const { values } = parseArgs({ options: { products: { type: "string" } } })
const { catalog, memberships, orders, slots } = await indexFromSnapshot(Number(values.products ?? 100_000))
const kernel = new PopcountKernel()
const { layout, sets } = valueSetsOf(memberships)
kernel.load(sets, memberships.words)
const loaded = () => ({ kernel, ...layout })
const groups = [
  "categories",
  "tags",
  ...memberships.attributeKeyNames.names.map((key) => `${ATTRIBUTE_GROUP_PREFIX}${key}`),
  "price",
  "availability"
]
const random = seededRandom(3)
console.log(`${catalog.productCount} products, ${sets.length} value sets, ${memberships.words} words each`)
for (const cardinality of [10, 30, 100, 300, 1000, 3000, 10_000, 30_000]) {
  const set = makeBitset(memberships.words)
  for (let added = 0; added < cardinality; added++) setBit(set, Math.floor(random() * catalog.productCount))
  const best = (facetKernel: FacetKernel): string => {
    let fastest = Infinity
    for (let run = 0; run < 30; run++) {
      const started = performance.now()
      new GroupCounter(slots, memberships, orders, facetKernel, loaded, set, undefined).count(groups)
      fastest = Math.min(fastest, performance.now() - started)
    }
    return `${facetKernel} ${fastest.toFixed(3)} ms`
  }
  console.log(`~${cardinality} products: ${best("bitsets")}, ${best("tally")}, ${best("auto")}`)
}
