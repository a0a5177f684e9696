// The suggestion index on its own, in process: build time, retained heap and per-query latency
// (p50/p99/max, wall clock and this process's CPU time, which a loaded machine inflates less) at
// N products of a synthetic catalog with a large vocabulary (names and tags drawn, low ranks more
// often, from VOCABULARY made-up words, plus the product number as a word, as the generated bench
// catalog's names have), queried with distinct prefixes, whole words and typos of them.
// Not a test: `node --expose-gc test/bench/suggest-index-figures.ts [products] [queries]`.
import { SuggestIndex } from "../../adapters/catalog-engine/suggest/suggest-index.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { seededRandom } from "../support/seeded-random.ts"
import { ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import { grams, minor } from "../support/units.ts"
import { quantile } from "./quantiles.ts"

const products = Number(process.argv[2] ?? 100_000)
const queryCount = Number(process.argv[3] ?? 20_000)
const VOCABULARY = 50_000
const SHOPS = ["shop_main", "shop_outlet", "shop_b2b"].map((shop) => ShopId.make(shop))

const random = seededRandom(42)
const int = (below: number): number => Math.floor(random() * below)
const syllables = ["sa", "re", "ko", "ti", "lan", "mar", "shi", "ba", "no", "ru", "pe", "da", "gol", "chi", "ve", "mo"]
const vocabulary = Array.from({ length: VOCABULARY }, () => {
  let word = ""
  const parts = 2 + int(3)
  for (let part = 0; part < parts; part++) word += syllables[int(syllables.length)]
  return word
})
/** Low ranks more often (rank = VOCABULARY · u², about 40,000 distinct words in 100,000 names). */
const draw = (): string => vocabulary[Math.floor(VOCABULARY * random() ** 2)]!
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1)

const makeProduct = (index: number): CatalogProduct => ({
  id: ProductId.make(`prod_${index}`),
  slug: `product-${index}`,
  name: `${capitalised(draw())} ${draw()} ${draw()} ${index}`,
  description: "",
  sku: `P-${index}`,
  productType: null,
  unitName: null,
  thumbnail: `https://img.example.com/p/${index}/thumb.jpg`,
  images: [],
  tags: [draw(), draw()],
  attributes: { brand: { type: "text", value: capitalised(vocabulary[int(200)]!) } },
  seo: { metaTitle: null, metaDescription: null, metaKeywords: [], ogImage: null },
  sizeGuideId: null,
  categoryIds: [],
  shopIds: SHOPS.filter((_, shop) => random() < [0.8, 0.4, 0.2][shop]!),
  enabled: random() > 0.03,
  requiresShipping: true,
  salesCount: int(1000),
  createdAt: new Date(0),
  variantOptions: [],
  variants: [{ id: VariantId.make(`var_${index}`), sku: `P-${index}-1`, originalPrice: minor(1000 + int(100_000)), salePrice: null, stock: 5, weightGrams: grams(100), images: [], optionValues: {} }]
})

const typo = (word: string): string => {
  const at = int(word.length)
  switch (int(4)) {
    case 0: return word.slice(0, at) + word.slice(at + 1)
    case 1: return word.slice(0, at) + "x" + word.slice(at)
    case 2: return word.slice(0, at) + "o" + word.slice(at + 1)
    default: return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word + "a"
  }
}

const gc = (globalThis as { gc?: () => void }).gc
const heap = () => {
  gc?.()
  gc?.()
  // typed arrays keep their contents outside the JS heap
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

// products are made one at a time through JSON, as they arrive from the store, and dropped once
// applied (as the read model does): the heap grows by what the index itself keeps
// ids and slugs are held by the catalog index anyway (the same strings): made before measuring
const keys = Array.from({ length: products }, (_, slot) => ({ id: ProductId.make(`prod_${slot}`), slug: `product-${slot}` }))
const heapBefore = heap()
const buildStarted = performance.now()
const buildCpu = process.cpuUsage()
const index = new SuggestIndex([])
for (let slot = 0; slot < products; slot++) {
  const product = JSON.parse(JSON.stringify(makeProduct(slot))) as CatalogProduct
  index.upsertProduct({ ...product, ...keys[slot]!, createdAt: new Date(0) })
}
index.settle()
const buildMs = performance.now() - buildStarted
const buildCpuMs = (process.cpuUsage(buildCpu).user + process.cpuUsage(buildCpu).system) / 1000
const heapWithIndex = heap()

const queries = Array.from({ length: queryCount }, () => {
  const word = draw()
  const kind = int(4)
  if (kind === 0) return word.slice(0, 1 + int(word.length))
  if (kind === 1) return typo(word)
  if (kind === 2) return `${draw()} ${word.slice(0, 1 + int(word.length))}`
  return word
})
const timings: Array<number> = []
const cpuTimings: Array<number> = []
const scopes = [SHOPS, SHOPS.slice(0, 1), SHOPS.slice(1, 2)]
let found = 0
for (const [position, q] of queries.entries()) {
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  const result = index.suggest({ q, limit: 8, shopIds: scopes[position % scopes.length]!, categoryProductCount: () => 0 })
  const cpu = process.cpuUsage(cpuStarted)
  timings.push(performance.now() - started)
  cpuTimings.push((cpu.user + cpu.system) / 1000)
  if (result.products.length > 0) found++
}
const quantiles = (values: Array<number>) => {
  values.sort((left, right) => left - right)
  const at = (q: number) => quantile(values, q).toFixed(2)
  return { p50: at(0.5), p99: at(0.99), max: at(1) }
}
const dictionaryWords = index.dictionary.size
console.log(JSON.stringify({
  products,
  dictionaryWords,
  buildMs: Math.round(buildMs),
  buildCpuMs: Math.round(buildCpuMs),
  indexHeapMB: gc === undefined ? "run with --expose-gc" : Math.round((heapWithIndex - heapBefore) / 1e5) / 10,
  queries: queryCount,
  distinctQueries: new Set(queries).size,
  withProducts: found,
  latencyMs: quantiles(timings),
  cpuMs: quantiles(cpuTimings)
}))
