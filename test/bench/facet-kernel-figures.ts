// `node test/bench/facet-kernel-figures.ts [--products N]`: the cost of each facet kernel
// (facet-kernels.ts) over random sets of 10 to 30,000 products of the engine bench's snapshot
// (bench-results/engine-snapshot-N.jsonl; run engine-bench.ts once to make it), every group
// counted, best of 30 runs each: the figures the "auto" kernel's weights come from. Not a test.
import { createReadStream } from "node:fs"
import { join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { parseArgs } from "node:util"
import { makeBitset, setBit } from "../../adapters/catalog-engine/columns/bitset.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import type { CatalogIndex, CatalogReference } from "../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import { makeIndex } from "../domain/catalog/catalog-fixtures.ts"
import { type FacetKernel, GroupCounter, valueSetsOf } from "../../adapters/catalog-engine/catalog-index/facet-kernels.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "../../adapters/catalog-engine/catalog-index/listing-filters.ts"
import { PopcountKernel } from "../../adapters/catalog-engine/catalog-index/popcount-kernel.ts"
import type { ProductSlots } from "../../adapters/catalog-engine/catalog-index/product-slots.ts"
import type { SlotMemberships } from "../../adapters/catalog-engine/catalog-index/slot-memberships.ts"
import type { SortOrders } from "../../adapters/catalog-engine/catalog-index/sort-orders.ts"
import { seededRandom } from "../support/seeded-random.ts"

const { values } = parseArgs({ options: { products: { type: "string" } } })
const products = Number(values.products ?? 100_000)
const file = join(resolve(import.meta.dirname, "../.."), "bench-results", `engine-snapshot-${products}.jsonl`)

let reference: CatalogReference | undefined

let built: CatalogIndex | undefined
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (line === "") continue
  if (reference === undefined) {
    reference = JSON.parse(line) as CatalogReference
    built = makeIndex(reference)
    continue
  }
  const product = JSON.parse(line) as CatalogProduct & { createdAt: string }
  built!.upsertProduct({ ...product, createdAt: new Date(product.createdAt) })
}
if (built === undefined) throw new Error(`${file} is empty: run engine-bench.ts --products ${products} first`)
const catalog = built
catalog.prepare()
// the index's parts, as FacetCounts holds them
const { memberships, orders, slots } = catalog as unknown as {
  memberships: SlotMemberships
  orders: SortOrders
  slots: ProductSlots
}
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
