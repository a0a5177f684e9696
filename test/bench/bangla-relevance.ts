// Relevance of search in Bangla (docs/contract/catalog.md): recall@10 and MRR per query class of the
// labelled set in bangla-queries.ts, over a bilingual catalog built here, asked of the catalog
// engine through the ProductSearch port (the memory reference must give the same pages), and
// whether English queries keep the plain substring search's first page.
// Not a test: `node test/bench/bangla-relevance.ts`; `npm run bench` prints it too.
import { Effect } from "effect"
import { engineProductSearch } from "../../adapters/catalog-engine/engine-product-search.ts"
import { productJsonDocuments } from "../../adapters/http/representation/product-document.ts"
import { memoryProductSearch } from "../../adapters/memory/memory-product-search.ts"
import type { ProductSearchIndex } from "../../application/catalog/product-search.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { ShopId } from "../../domain/shared/ids.ts"
import { makeProduct } from "../support/catalog-fixtures.ts"
import { seededInt } from "../support/seeded-random.ts"
import {
  banglaNumber,
  CONCEPTS,
  ENGLISH_NAMES,
  ENGLISH_QUERIES,
  otherFormOf,
  QUANTITIES,
  type QueryClass,
  variantsOf
} from "./bangla-queries.ts"

const SHOP = ShopId.make("shop_a")
const PER_CONCEPT = 12
const PER_ENGLISH_NAME = 40
const DISTRACTORS = ["মোবাইল কভার", "হাতঘড়ি", "জুতা", "টুপি", "সাবান", "তোয়ালে", "প্লেট", "গ্লাস", "ছাতা", "মানিব্যাগ"]
const DESCRIPTORS = ["লাল", "নীল", "সবুজ", "প্রিমিয়াম", "ঢাকাই", "হাতে তৈরি"]

interface Made {
  readonly product: CatalogProduct
  readonly concept: number | undefined
  readonly quantity: string | undefined
}

/** The catalog, each product with the concept and quantity it was made of. */
const catalog = (): Array<Made> => {
  const int = seededInt(30)
  const made: Array<Made> = []
  const add = (id: string, name: string, concept?: number, quantity?: string) => {
    const createdAt = new Date(Date.UTC(2026, 0, 1) + int(365) * 86_400_000 + int(86_400_000))
    made.push({ product: makeProduct(id, { name, description: "Made in Bangladesh", salesCount: int(500), createdAt, shopIds: [SHOP] }), concept, quantity })
  }
  CONCEPTS.forEach((concept, c) => {
    for (let i = 0; i < PER_CONCEPT; i++) {
      const spelling = i % 4 === 1 ? variantsOf(concept.bangla)[0] ?? concept.bangla : i % 4 === 3 ? otherFormOf(concept.bangla) : concept.bangla
      const amount = QUANTITIES[i % QUANTITIES.length]!
      const quantity = concept.unit === undefined ? undefined : `${amount} ${concept.unit}`
      const written = concept.unit === undefined ? "" : ` ${i % 2 === 0 ? banglaNumber(amount) : amount} ${concept.unit}`
      const bilingual = i % 6 === 0 ? `${concept.english} ` : ""
      const name = concept.unit === undefined ? `${bilingual}${spelling} ${DESCRIPTORS[i % DESCRIPTORS.length]}` : `${bilingual}${spelling}${written}`
      add(`bn_${c}_${i}`, name, c, quantity)
    }
  })
  ENGLISH_NAMES.forEach((name, n) => {
    for (let i = 0; i < PER_ENGLISH_NAME; i++) add(`en_${n}_${i}`, `${name} ${["Black", "Blue", "Large", "Small", "Classic"][i % 5]} ${i}`)
  })
  DISTRACTORS.forEach((name, d) => {
    for (let i = 0; i < PER_CONCEPT; i++) add(`dx_${d}_${i}`, `${name} ${DESCRIPTORS[i % DESCRIPTORS.length]}`)
  })
  return made
}

interface LabelledQuery {
  readonly kind: QueryClass
  readonly q: string
  readonly relevant: ReadonlySet<string>
}

const words = (text: string) => text.split(" ")

/** The labelled queries, their relevant products written by the rules of bangla-queries.ts. */
const labelled = (made: ReadonlyArray<Made>): Array<LabelledQuery> => {
  const queries: Array<LabelledQuery> = []
  const ids = (keep: (entry: Made) => boolean) => new Set(made.filter(keep).map((entry) => entry.product.id))
  const spellings = new Set(CONCEPTS.map((concept) => concept.bangla))
  CONCEPTS.forEach((concept, c) => {
    // a concept's products, and those of every concept whose name holds its words
    const holders = new Set(CONCEPTS.flatMap((other, d) => (words(concept.bangla).every((word) => words(other.bangla).includes(word)) ? [d] : [])))
    const relevant = ids((entry) => entry.concept !== undefined && holders.has(entry.concept))
    queries.push({ kind: "bangla", q: concept.bangla, relevant })
    for (const variant of variantsOf(concept.bangla)) if (!spellings.has(variant)) queries.push({ kind: "variant", q: variant, relevant })
    queries.push({ kind: "unicode", q: otherFormOf(concept.bangla), relevant })
    for (const q of concept.banglish) queries.push({ kind: "banglish", q, relevant })
    if (concept.unit !== undefined) {
      for (const amount of QUANTITIES) {
        const quantity = `${amount} ${concept.unit}`
        const ofQuantity = ids((entry) => entry.quantity === quantity)
        queries.push({ kind: "digits", q: `${banglaNumber(amount)} ${concept.unit}`, relevant: ofQuantity })
        queries.push({ kind: "digits", q: quantity, relevant: ofQuantity })
        const conceptQuantity = ids((entry) => entry.concept === c && entry.quantity === quantity)
        queries.push({ kind: "digits", q: `${concept.bangla} ${banglaNumber(amount)} ${concept.unit}`, relevant: conceptQuantity })
      }
    }
  })
  for (const q of ENGLISH_QUERIES) queries.push({ kind: "english", q, relevant: ids((entry) => entry.product.name.toLowerCase().includes(q)) })
  return queries.filter((query) => query.relevant.size > 0)
}

const firstPage = (index: ProductSearchIndex, q: string): Array<string> =>
  Effect.runSync(index.list({ page: 1, limit: 10, search: q.toLowerCase(), includeFacets: false }, [SHOP]))
    .documents.map((document) => (JSON.parse(document) as { id: string }).id)

/** The first page of the plain substring search (name matches first, then newest, then id desc). */
const substringPage = (made: ReadonlyArray<Made>, q: string): Array<string> => {
  const term = q.toLowerCase()
  const fields = (product: CatalogProduct) => [product.name, product.sku, product.description, ...product.tags].map((field) => field.toLowerCase())
  return made.map((entry) => entry.product)
    .filter((product) => fields(product).some((field) => field.includes(term)))
    .sort((left, right) =>
      Number(right.name.toLowerCase().includes(term)) - Number(left.name.toLowerCase().includes(term)) ||
      right.createdAt.getTime() - left.createdAt.getTime() || (left.id < right.id ? 1 : -1)
    )
    .slice(0, 10)
    .map((product) => product.id)
}

export interface ClassFigure {
  readonly kind: QueryClass
  readonly queries: number
  readonly recallAt10: number
  readonly mrr: number
}

export interface RelevanceFigures {
  readonly products: number
  readonly classes: ReadonlyArray<ClassFigure>
  /** English queries whose first page is the plain substring search's */
  readonly englishUnchanged: string
  /** queries on which the memory reference gave another first page (0 expected) */
  readonly referenceDisagreements: number
  readonly misses: ReadonlyArray<string>
}

const round = (value: number) => Math.round(value * 1000) / 1000

export const measureBanglaRelevance = (): RelevanceFigures => {
  const made = catalog()
  const products = made.map((entry) => entry.product)
  const [engine, memory] = [engineProductSearch({ format: productJsonDocuments }), memoryProductSearch(productJsonDocuments)]
    .map((search) => {
      const index = search.make({ categories: [], sizeGuides: [] })
      index.apply(products)
      index.settle()
      return index
    }) as [ProductSearchIndex, ProductSearchIndex]
  const queries = labelled(made)
  const perClass = new Map<QueryClass, { recall: number; reciprocal: number; count: number }>()
  const misses: Array<string> = []
  let disagreements = 0
  for (const query of queries) {
    const page = firstPage(engine, query.q)
    if (JSON.stringify(page) !== JSON.stringify(firstPage(memory, query.q))) disagreements++
    const found = page.filter((id) => query.relevant.has(id)).length
    const recall = found / Math.min(10, query.relevant.size)
    const first = page.findIndex((id) => query.relevant.has(id))
    if (recall < 1) misses.push(`${query.kind} "${query.q}": ${found}/${Math.min(10, query.relevant.size)}`)
    const sums = perClass.get(query.kind) ?? { recall: 0, reciprocal: 0, count: 0 }
    perClass.set(query.kind, { recall: sums.recall + recall, reciprocal: sums.reciprocal + (first < 0 ? 0 : 1 / (first + 1)), count: sums.count + 1 })
  }
  const english = queries.filter((query) => query.kind === "english")
  const unchanged = english.filter((query) => JSON.stringify(firstPage(engine, query.q)) === JSON.stringify(substringPage(made, query.q))).length
  return {
    products: products.length,
    classes: [...perClass].map(([kind, sums]) => ({ kind, queries: sums.count, recallAt10: round(sums.recall / sums.count), mrr: round(sums.reciprocal / sums.count) })),
    englishUnchanged: `${unchanged}/${english.length}`,
    referenceDisagreements: disagreements,
    misses
  }
}

export const describeRelevance = (figures: RelevanceFigures): string =>
  [
    `Bangla search relevance over ${figures.products} products (class: queries, recall@10, MRR):`,
    ...figures.classes.map((figure) => `  ${figure.kind.padEnd(9)} ${String(figure.queries).padStart(3)}  ${figure.recallAt10.toFixed(3)}  ${figure.mrr.toFixed(3)}`),
    `  English first pages as the plain substring search's: ${figures.englishUnchanged}; memory reference disagreements: ${figures.referenceDisagreements}`
  ].join("\n")

if (import.meta.main) {
  const figures = measureBanglaRelevance()
  console.log(describeRelevance(figures))
  if (figures.misses.length > 0) console.log(`  below full recall: ${figures.misses.join("; ")}`)
}
