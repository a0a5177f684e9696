/**
 * CatalogImportWriter over the memory catalog (memory-catalog-state.ts), with the PostgreSQL
 * adapter's semantics: rows matched by natural key keep their ids, re-importing the same data
 * changes nothing, and every record an import inserts or changes is stamped with its change
 * counter (a product also counts as changed when its variants or links change).
 *
 * A transaction writes into a draft copy of the state, swapped in when it succeeds and dropped
 * when it fails; imports are serialised by a semaphore. Imported customers go to the
 * CustomerRepository it is given, as the session writes them.
 */
import { Clock, Effect, Option, Semaphore } from "effect"
import type {
  CatalogImportLists,
  ImportCouponData,
  ImportCustomerData,
  ImportProductData
} from "../../application/catalog-import/catalog-import-data.ts"
import { CatalogImportWriter, type CatalogImportSession, noProductChanges } from "../../application/catalog-import/catalog-import-writer.ts"
import type { ExistingReferences } from "../../application/catalog-import/existing-references.ts"
import { addCounts, countsOf, noChanges } from "../../application/catalog-import/import-summary.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { type CatalogProduct, type CatalogVariant, productContentOf } from "../../domain/catalog/catalog-product.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { CategoryId, CustomerId, ProductId, VariantId } from "../../domain/shared/ids.ts"
import {
  byText,
  type CatalogState,
  couponKey,
  type MemoryCatalog,
  resolvedId,
  sameRecord,
  type StoredCoupon,
  upsertStamped
} from "./memory-catalog-state.ts"

type Draft = { -readonly [K in keyof CatalogState]: CatalogState[K] extends ReadonlyMap<infer K2, infer V> ? Map<K2, V> : CatalogState[K] }

const draftOf = (state: CatalogState): Draft => ({
  version: state.version + 1,
  shops: new Map(state.shops),
  publishableKeys: new Map(state.publishableKeys),
  categories: new Map(state.categories),
  sizeGuides: new Map(state.sizeGuides),
  products: new Map(state.products),
  variantOwners: new Map(state.variantOwners),
  shippingMethods: new Map(state.shippingMethods),
  coupons: new Map(state.coupons)
})

export const makeMemoryCatalogImportWriter = (catalog: MemoryCatalog) =>
  Effect.gen(function*() {
    const ids = yield* IdGenerator
    const customers = yield* CustomerRepository
    const writeLock = yield* Semaphore.make(1)

    const existingReferences = Effect.sync((): ExistingReferences => {
      const current = catalog.state
      const slugById = new Map([...current.categories.values()].map(({ record }) => [record.id, record.slug]))
      return {
        shopIds: [...current.shops.keys()],
        sizeGuideIds: [...current.sizeGuides.keys()],
        categories: [...current.categories.values()].map(({ record }) => ({
          slug: record.slug,
          parentSlug: record.parentId === null ? null : slugById.get(record.parentId) ?? null
        }))
      }
    })

    /**
     * A document customer is the stored customer with the same (normalised) email, else the same
     * phone. New ones are created password-less. A matched customer without a password takes the
     * document's name; identifiers and customers who registered are never changed.
     */
    const writeCustomers = Effect.fn(function*(documentCustomers: ReadonlyArray<ImportCustomerData>) {
      const now = new Date(yield* Clock.currentTimeMillis)
      let inserted = 0
      let renamed = 0
      const claimed = new Set<string>()
      for (const customer of documentCustomers) {
        const email = customer.email === null ? null : parseEmail(customer.email) ?? null
        const byEmail = email === null ? Option.none() : yield* customers.findByEmail(email)
        const match = Option.isSome(byEmail) || customer.phone === null ? byEmail : yield* customers.findByPhone(customer.phone)
        if (Option.isNone(match)) {
          const id = CustomerId.make(yield* ids.next("cus"))
          yield* customers.findOrCreatePasswordless({ name: customer.name, email, phone: customer.phone }, id, now)
          claimed.add(id)
          inserted++
          continue
        }
        if (claimed.has(match.value.id)) continue
        claimed.add(match.value.id)
        if (match.value.passwordHash === null && match.value.name !== customer.name) {
          yield* customers.update({ ...match.value, name: customer.name })
          renamed++
        }
      }
      return countsOf(documentCustomers.length, inserted, renamed)
    }, Effect.orDie) // a store failure or a contact taken meanwhile has no place in an import's result: a defect

    const writeCoupons = Effect.fn(function*(target: Map<string, StoredCoupon>, coupons: ReadonlyArray<ImportCouponData>) {
      let inserted = 0
      let updated = 0
      for (const coupon of coupons) {
        const key = couponKey(coupon.shopId, coupon.code)
        const before = target.get(key)
        const next: StoredCoupon = { ...coupon, id: before?.id ?? (yield* ids.next("cpn")) }
        if (before === undefined) inserted++
        else if (sameRecord(before, next)) continue
        else updated++
        target.set(key, next)
      }
      return countsOf(coupons.length, inserted, updated)
    })

    const writeLists = Effect.fn(function*(draft: Draft, data: CatalogImportLists) {
      const stamp = draft.version
      const shops = upsertStamped(draft.shops, data.shops.map((shop) => [shop.id, shop] as const), stamp)
      const publishableKeys = upsertStamped(draft.publishableKeys, data.publishableKeys.map((key) => [key.key, key] as const), stamp)
      const sizeGuides = upsertStamped(draft.sizeGuides, data.sizeGuides.map((guide) => [guide.id, guide] as const), stamp)
      const categoryIdBySlug = new Map([...draft.categories].map(([slug, { record }]) => [slug, record.id]))
      for (const category of data.categories) {
        if (!categoryIdBySlug.has(category.slug)) categoryIdBySlug.set(category.slug, CategoryId.make(yield* ids.next("cat")))
      }
      const categories = upsertStamped(
        draft.categories,
        data.categories.map((category) => [category.slug, {
          id: resolvedId(categoryIdBySlug, category.slug),
          slug: category.slug,
          name: category.name,
          description: category.description,
          image: category.image,
          parentId: category.parentSlug === null ? null : resolvedId(categoryIdBySlug, category.parentSlug),
          position: category.position,
          seo: category.seo,
          ...(category.translations === undefined ? {} : { translations: category.translations })
        }] as const),
        stamp
      )
      const shippingMethods = upsertStamped(draft.shippingMethods, data.shippingMethods.map((method) => [method.id, method] as const), stamp)
      return {
        shops,
        publishableKeys,
        sizeGuides,
        categories,
        shippingMethods,
        coupons: yield* writeCoupons(draft.coupons, data.coupons),
        customers: yield* writeCustomers(data.customers)
      }
    })

    /** A product's variants, by sku: a sku listed under another product moves here (that product counts as touched). */
    const writeVariants = Effect.fn(function*(draft: Draft, touched: Set<string>, product: ImportProductData) {
      const { products, variantOwners } = draft
      let inserted = 0
      let updated = 0
      const variants: Array<CatalogVariant> = []
      for (const variant of product.variants) {
        const ownerSlug = variantOwners.get(variant.sku)
        const owner = ownerSlug === undefined ? undefined : products.get(ownerSlug)
        const ownerPosition = owner?.record.variants.findIndex((stored) => stored.sku === variant.sku) ?? -1
        const existing = owner?.record.variants[ownerPosition]
        const next: CatalogVariant = {
          id: existing?.id ?? VariantId.make(yield* ids.next("var")),
          sku: variant.sku,
          originalPrice: variant.originalPrice,
          salePrice: variant.salePrice,
          stock: variant.stock,
          weightGrams: variant.weightGrams,
          images: variant.images,
          optionValues: variant.optionValues
        }
        if (existing === undefined) inserted++
        else if (ownerSlug !== product.slug || ownerPosition !== variant.position || !sameRecord(existing, next)) updated++
        if (owner !== undefined && ownerSlug !== undefined && ownerSlug !== product.slug) {
          products.set(ownerSlug, {
            record: { ...owner.record, variants: owner.record.variants.filter((stored) => stored.sku !== variant.sku) },
            changedAt: draft.version
          })
          touched.add(ownerSlug)
        }
        variantOwners.set(variant.sku, product.slug)
        variants.push(next)
      }
      return { variants, inserted, updated }
    })

    /** `touched`: the products whose variants moved to another product during this import. */
    const writeProducts = Effect.fn(function*(draft: Draft, touched: Set<string>, batch: ReadonlyArray<ImportProductData>) {
      const stamp = draft.version
      const { products, variantOwners } = draft
      const categoryIdOf = (slug: string): CategoryId => {
        const id = draft.categories.get(slug)?.record.id
        if (id === undefined) throw new Error(`memory catalog store: no category "${slug}"`)
        return id
      }
      let productsInserted = 0
      let productsUpdated = 0
      let variantCounts = noChanges
      let removedVariants = 0
      for (const product of batch) {
        const previous = products.get(product.slug)
        const id = previous?.record.id ?? ProductId.make(yield* ids.next("prod"))
        const written = yield* writeVariants(draft, touched, product)
        variantCounts = addCounts(variantCounts, countsOf(product.variants.length, written.inserted, written.updated))
        const variants = written.variants
        const listed = new Set(product.variants.map((variant) => variant.sku))
        const current = products.get(product.slug)
        for (const stored of current?.record.variants ?? []) {
          if (!listed.has(stored.sku)) {
            removedVariants++
            variantOwners.delete(stored.sku)
          }
        }
        const record: CatalogProduct = {
          id,
          ...productContentOf(product),
          categoryIds: product.categorySlugs.map(categoryIdOf),
          shopIds: [...product.shopIds].sort(byText),
          enabled: product.enabled,
          requiresShipping: product.requiresShipping,
          salesCount: product.salesCount,
          createdAt: product.createdAt,
          variantOptions: product.variantOptions,
          variants
        }
        if (previous === undefined) {
          productsInserted++
          products.set(product.slug, { record, changedAt: stamp })
        } else if (touched.has(product.slug) || current === undefined || !sameRecord(current.record, record)) {
          productsUpdated++
          products.set(product.slug, { record, changedAt: stamp })
        }
      }
      return {
        products: countsOf(batch.length, productsInserted, productsUpdated),
        variants: variantCounts,
        removedVariants
      }
    })

    return CatalogImportWriter.of({
      existingReferences,
      transaction: (use) =>
        writeLock.withPermits(1)(Effect.gen(function*() {
          const draft = draftOf(catalog.state)
          const touched = new Set<string>()
          const session: CatalogImportSession = {
            writeLists: (data) => writeLists(draft, data),
            writeProducts: (batch) => writeProducts(draft, touched, batch),
            completeProducts: Effect.succeed(noProductChanges)
          }
          const result = yield* use(session)
          catalog.state = draft
          return result
        }))
    })
  })

