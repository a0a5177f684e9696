/**
 * The streaming import end to end on every catalog store (memory, PGlite, and PostgreSQL when
 * DATABASE_URL is set): a document read from a file as a stream, written batch by batch in one
 * transaction, rolled back whole by a problem found late; the read-ahead bounded by
 * construction; a document that lists products before their shops.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import type { SqlClient } from "effect/sql"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import { CatalogImportWriter } from "../../application/catalog-import/catalog-import-writer.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { type DocumentPart, member, productItem } from "../../application/catalog-import/document-parts.ts"
import {
  importCatalogFrom,
  PRODUCT_BATCH_SIZE,
  QUEUED_BATCHES
} from "../../application/catalog-import/import-catalog.ts"
import { isUnchanged } from "../../application/catalog-import/import-summary.ts"
import { catalogDocumentFile } from "../../adapters/file/catalog-document-file.ts"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import * as PostgresCatalogImportWriter from "../../adapters/postgres/postgres-catalog-import-writer.ts"
import * as PostgresCatalogSource from "../../adapters/postgres/postgres-catalog-source.ts"
import * as PostgresCouponRepository from "../../adapters/postgres/postgres-coupon-repository.ts"
import * as PostgresCustomerRepository from "../../adapters/postgres/postgres-customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { generatedCatalogJson } from "../support/catalog-documents.ts"
import { testEngines } from "../support/test-database.ts"
import { ShopId } from "../../domain/shared/ids.ts"

/** Two full batches and part of a third. */
const PRODUCTS = 2 * PRODUCT_BATCH_SIZE + 600
const LATE = PRODUCTS - 50

const directory = mkdtempSync(join(tmpdir(), "streaming-import-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const writeDocument = (name: string, document: unknown): string => {
  const file = join(directory, name)
  writeFileSync(file, JSON.stringify(document, null, 1))
  return file
}

interface Generated {
  readonly products: Array<Record<string, unknown>>
  readonly [key: string]: unknown
}
const generated = generatedCatalogJson(PRODUCTS) as Generated
const goodFile = writeDocument("good.json", generated)
const badFile = writeDocument("bad.json", {
  ...generated,
  products: generated.products.map((product, index) =>
    index === LATE ? { ...product, createdAt: "yesterday" } : product
  )
})

interface GeneratedVariant {
  readonly sku: string
  readonly [key: string]: unknown
}
const variantsOf = (index: number): Array<GeneratedVariant> =>
  (generated.products[index]?.["variants"] ?? []) as Array<GeneratedVariant>
/** The first product from `from` on with at least two variants. */
const withVariants = (from: number): number => {
  for (let index = from; index < PRODUCTS; index++) if (variantsOf(index).length >= 2) return index
  throw new Error(`no product with two variants after ${from}`)
}

/** The store's writer, counting the product batches its transactions write (committed or not). */
const countingBatches = Effect.gen(function*() {
  const inner = yield* CatalogImportWriter
  let batches = 0
  const writer = CatalogImportWriter.of({
    existingReferences: inner.existingReferences,
    transaction: (use) =>
      inner.transaction((session) =>
        use({ ...session, writeProducts: (batch) => Effect.tap(session.writeProducts(batch), () => Effect.sync(() => batches++)) })
      )
  })
  return { writer, batches: () => batches }
})

const productsWith = (wanted: (product: CatalogProduct) => boolean) => Effect.gen(function*() {
  const source = yield* CatalogSource
  const products: Array<CatalogProduct> = []
  let afterId: string | null = null
  do {
    const page: ProductPage = yield* source.loadProducts({ since: null, afterId, limit: 1_000 })
    products.push(...page.products.filter(wanted))
    afterId = page.nextAfterId
  } while (afterId !== null)
  return products
})

const productCount = (counted: (product: CatalogProduct) => boolean = () => true) =>
  Effect.map(productsWith(counted), (products) => products.length)

const storeSuite = (name: string, storeLayer: Layer.Layer<CatalogSource | CatalogImportWriter>) =>
  layer(storeLayer, { excludeTestServices: true, timeout: 120_000 })(`streaming import on ${name}`, (it) => {
    it.effect("a bad item late in a big document writes nothing and is reported by its path", () =>
      Effect.gen(function*() {
        const counting = yield* countingBatches
        const error = yield* importCatalogFrom(catalogDocumentFile(badFile)).pipe(
          Effect.provideService(CatalogImportWriter, counting.writer),
          Effect.flip
        )
        expect(error._tag).toBe("ImportRejected")
        expect(error._tag === "ImportRejected" ? error.problems : []).toEqual([
          { path: `products.${LATE}.createdAt`, message: expect.stringContaining("ISO 8601") }
        ])
        // the batches read before the problem were written, and rolled back with the rest
        expect(counting.batches()).toBe(2)
        expect(yield* productCount()).toBe(0)
      }), { timeout: 120_000 })

    it.effect("imports the file in batches, and again without changing anything", () =>
      Effect.gen(function*() {
        const counting = yield* countingBatches
        const first = yield* importCatalogFrom(catalogDocumentFile(goodFile)).pipe(
          Effect.provideService(CatalogImportWriter, counting.writer)
        )
        expect(first.products.inserted).toBe(PRODUCTS)
        expect(counting.batches()).toBe(Math.ceil(PRODUCTS / PRODUCT_BATCH_SIZE))
        expect(yield* productCount()).toBe(PRODUCTS)
        expect(isUnchanged(yield* importCatalogFrom(catalogDocumentFile(goodFile)))).toBe(true)
      }), { timeout: 120_000 })

    it.effect("a document listing its products before the shop they are in is written after a second read", () =>
      Effect.gen(function*() {
        const { products, shops, ...lists } = generated
        const late = { id: "shop_listed_late", name: "Listed after its products", defaultZoneType: "outside_city" }
        const reordered = writeDocument(`reordered-${name}.json`, {
          products: products.slice(0, 1_500).map((product) => ({ ...product, shopIds: [late.id] })),
          ...lists,
          shops: [...(shops as Array<unknown>), late]
        })
        const summary = yield* importCatalogFrom(catalogDocumentFile(reordered))
        expect(summary.products.inserted + summary.products.updated).toBe(1_500)
        expect(summary.shops.inserted).toBe(1)
        expect(yield* productCount((product) => product.shopIds.includes(ShopId.make(late.id)))).toBe(1_500)
      }), { timeout: 120_000 })

    it.effect("a sku moving between products of different batches is counted as writing batch by batch does", () =>
      Effect.gen(function*() {
        // X leaves a product of the first batch for one of the second: deleted, then created again;
        // Y leaves a product of the second batch for one of the first: moved, keeping its id.
        const [a, b, c, d] = [withVariants(10), withVariants(PRODUCT_BATCH_SIZE + 10), withVariants(PRODUCT_BATCH_SIZE + 20), withVariants(20)]
        const lastOf = (index: number): GeneratedVariant => {
          const variant = variantsOf(index).at(-1)
          if (variant === undefined) throw new Error(`product ${index} has no variant`)
          return variant
        }
        const [x, y] = [lastOf(a).sku, lastOf(c).sku]
        const moved = writeDocument(`moved-${name}.json`, {
          ...generated,
          products: generated.products.map((product, index) => {
            const variants = variantsOf(index)
            if (index === a || index === c) return { ...product, variants: variants.filter((variant) => variant.sku !== (index === a ? x : y)) }
            if (index === b) return { ...product, variants: [...variants, lastOf(a)] }
            if (index === d) return { ...product, variants: [...variants, lastOf(c)] }
            return product
          })
        })
        yield* importCatalogFrom(catalogDocumentFile(goodFile))
        const variantIdOf = (sku: string | undefined) =>
          Effect.map(productsWith((product) => product.variants.some((variant) => variant.sku === sku)), (products) =>
            products.flatMap((product) => product.variants.filter((variant) => variant.sku === sku).map((variant) => ({ slug: product.slug, id: variant.id }))))
        const yBefore = yield* variantIdOf(y)

        const summary = yield* importCatalogFrom(catalogDocumentFile(moved))
        expect(summary.products).toEqual({ inserted: 0, updated: 4, unchanged: PRODUCTS - 4 })
        expect(summary.variants.inserted).toBe(1)
        expect(summary.variants.updated).toBe(1)
        expect(summary.removedVariants).toBe(1)
        expect((yield* variantIdOf(x)).map((owner) => owner.slug)).toEqual([generated.products[b]?.slug])
        expect(yield* variantIdOf(y)).toEqual([{ slug: generated.products[d]?.slug, id: yBefore[0]?.id }])
      }), { timeout: 120_000 })
  })

const memoryStore = MemoryCatalogStore.layer.pipe(Layer.provideMerge(MemoryCustomerRepository.layer), Layer.provide(CryptoIdGenerator.layer))

const sqlStore = <E, R>(database: Layer.Layer<SqlClient.SqlClient, E, R>) =>
  Layer.mergeAll(PostgresCatalogSource.layer, PostgresCatalogImportWriter.layer, PostgresCustomerRepository.layer, PostgresCouponRepository.layer)
    .pipe(Layer.provide(CryptoIdGenerator.layer), Layer.provideMerge(database))

storeSuite("memory", memoryStore)
for (const engine of testEngines()) storeSuite(engine.name, sqlStore(engine.layer))

describe("read-ahead", () => {
  const shop = { id: "shop_a", name: "A", defaultZoneType: "outside_city" }
  const productAt = (index: number) => ({
    slug: `p-${index}`,
    name: `Product ${index}`,
    shopIds: ["shop_a"],
    createdAt: "2026-01-01T00:00:00.000Z",
    variants: [{ sku: `SKU-${index}`, originalPrice: 10, stock: 1 }]
  })
  const PARTS_PER_PULL = 50

  layer(memoryStore, { excludeTestServices: true })("on the memory store", (it) => {
    it.effect("the import reads at most a few batches ahead of what it has written, whatever the document's size", () =>
      Effect.gen(function*() {
        const total = 10 * PRODUCT_BATCH_SIZE
        let read = 0
        let written = 0
        let furthestAhead = 0
        const parts: Iterable<DocumentPart> = {
          *[Symbol.iterator]() {
            yield member("version", 1)
            yield member("shops", [shop])
            for (let index = 0; index < total; index++) {
              read++
              yield productItem(index, productAt(index))
            }
          }
        }
        const inner = yield* CatalogImportWriter
        const probe = CatalogImportWriter.of({
          existingReferences: inner.existingReferences,
          transaction: (use) =>
            inner.transaction((session) =>
              use({
                ...session,
                writeProducts: (batch) =>
                  Effect.suspend(() => {
                    furthestAhead = Math.max(furthestAhead, read - written)
                    written += batch.length
                    return session.writeProducts(batch)
                  })
              })
            )
        })
        const summary = yield* importCatalogFrom(Stream.fromIterable(parts, { chunkSize: PARTS_PER_PULL })).pipe(
          Effect.provideService(CatalogImportWriter, probe)
        )
        expect(summary.products.inserted).toBe(total)
        expect(written).toBe(total)
        // the batch being written, the ones queued, the one being filled, and one pull of parts
        expect(furthestAhead).toBeLessThanOrEqual((QUEUED_BATCHES + 2) * PRODUCT_BATCH_SIZE + PARTS_PER_PULL)
      }), { timeout: 60_000 })
  })
})
