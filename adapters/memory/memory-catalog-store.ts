/**
 * The catalog held in plain maps: CatalogSource, CatalogImportWriter and CouponRepository over
 * the same state, for tests and for library users who want no database. Imported customers go
 * to the CustomerRepository it is given (on SQL both write the one customers table), so an
 * imported customer is the one a guest checkout or a registration finds. Same semantics as the
 * PostgreSQL adapters:
 * rows matched by natural key keep their ids, re-importing the same data changes nothing, and
 * the change cursor is a counter stamped on every record an import inserts or changes (a
 * product also counts as changed when its variants or links change).
 *
 * An import builds a new state and swaps it in at the end, so catalog readers never see half an
 * import (its customers reach the CustomerRepository as it goes); imports are serialised by a
 * semaphore.
 */
import { Clock, Context, Effect, Layer, Option, Semaphore } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import type { ShippingMethodRecord } from "../../application/catalog/shipping-method-record.ts"
import {
  type CatalogImportData,
  type ImportCouponData,
  type ImportCustomerData
} from "../../application/catalog-import/catalog-import-data.ts"
import { CatalogImportWriter, type ImportProgress } from "../../application/catalog-import/catalog-import-writer.ts"
import type { ExistingReferences } from "../../application/catalog-import/existing-references.ts"
import { countsOf, type EntityCounts, type ImportSummary } from "../../application/catalog-import/import-summary.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { type Coupon, normalizeCouponCode } from "../../domain/cart/coupon.ts"
import type { CatalogProduct, CatalogVariant, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { PublishableKey, Shop } from "../../domain/catalog/shop.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"

interface Stamped<A> {
  readonly record: A
  /** The change counter of the import that last inserted or changed the record. */
  readonly changedAt: number
}

interface StoredCoupon extends ImportCouponData {
  readonly id: string
}

interface CatalogState {
  readonly version: number
  readonly shops: ReadonlyMap<string, Stamped<Shop>>
  readonly publishableKeys: ReadonlyMap<string, Stamped<PublishableKey>>
  /** By slug. */
  readonly categories: ReadonlyMap<string, Stamped<CategoryRecord>>
  readonly sizeGuides: ReadonlyMap<string, Stamped<SizeGuide>>
  /** By slug. */
  readonly products: ReadonlyMap<string, Stamped<CatalogProduct>>
  /** Variant sku to the slug of the product that has it. */
  readonly variantOwners: ReadonlyMap<string, string>
  readonly shippingMethods: ReadonlyMap<string, Stamped<ShippingMethodRecord>>
  /** By shop and upper-cased code; their uses are counted apart (`couponUses`). */
  readonly coupons: ReadonlyMap<string, StoredCoupon>
}

const emptyState: CatalogState = {
  version: 0,
  shops: new Map(),
  publishableKeys: new Map(),
  categories: new Map(),
  sizeGuides: new Map(),
  products: new Map(),
  variantOwners: new Map(),
  shippingMethods: new Map(),
  coupons: new Map()
}

/** Records are plain data built in a fixed key order, so their JSON compares them (Dates as ISO strings). */
const sameRecord = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right)

const byText = (left: string, right: string): number => left < right ? -1 : left > right ? 1 : 0

const couponKey = (shopId: string, code: string): string => JSON.stringify([shopId, code.toUpperCase()])

/** An id the import resolved or generated earlier; missing means a bug, so it is a defect. */
const resolvedId = (ids: ReadonlyMap<string, string>, key: string): string => {
  const id = ids.get(key)
  if (id === undefined) throw new Error(`memory catalog store: no id resolved for "${key}"`)
  return id
}

/** Upserts records by key into `target`, stamping the inserted and changed ones. */
const upsertStamped = <A>(
  target: Map<string, Stamped<A>>,
  entries: ReadonlyArray<readonly [string, A]>,
  stamp: number
): EntityCounts => {
  let inserted = 0
  let updated = 0
  for (const [key, record] of entries) {
    const before = target.get(key)
    if (before === undefined) inserted++
    else if (sameRecord(before.record, record)) continue
    else updated++
    target.set(key, { record, changedAt: stamp })
  }
  return countsOf(entries.length, inserted, updated)
}

export const makeMemoryCatalogStore = Effect.gen(function*() {
  const ids = yield* IdGenerator
  const customers = yield* CustomerRepository
  const writeLock = yield* Semaphore.make(1)
  let state = emptyState
  /** Uses of each coupon by coupon key, kept apart from the state so an import never resets them. */
  const couponUses = new Map<string, number>()

  const existingReferences = Effect.sync((): ExistingReferences => {
    const current = state
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
        const id = yield* ids.next("cus")
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
    const entries: Array<readonly [string, StoredCoupon]> = []
    for (const coupon of coupons) {
      const key = couponKey(coupon.shopId, coupon.code)
      const before = target.get(key)
      entries.push([key, { ...coupon, id: before?.id ?? (yield* ids.next("cpn")) }])
    }
    let inserted = 0
    let updated = 0
    for (const [key, coupon] of entries) {
      const before = target.get(key)
      if (before === undefined) inserted++
      else if (sameRecord(before, coupon)) continue
      else updated++
      target.set(key, coupon)
    }
    return countsOf(coupons.length, inserted, updated)
  })

  const writeAll = Effect.fn("MemoryCatalogStore.write")(function*(
    data: CatalogImportData,
    onProgress: (progress: ImportProgress) => Effect.Effect<void>
  ) {
    const before = state
    const stamp = before.version + 1

    const shops = new Map(before.shops)
    const shopCounts = upsertStamped(shops, data.shops.map((shop) => [shop.id, shop] as const), stamp)
    const publishableKeys = new Map(before.publishableKeys)
    const keyCounts = upsertStamped(publishableKeys, data.publishableKeys.map((key) => [key.key, key] as const), stamp)
    const sizeGuides = new Map(before.sizeGuides)
    const sizeGuideCounts = upsertStamped(sizeGuides, data.sizeGuides.map((guide) => [guide.id, guide] as const), stamp)

    const categories = new Map(before.categories)
    const categoryIdBySlug = new Map([...categories].map(([slug, { record }]) => [slug, record.id]))
    for (const category of data.categories) {
      if (!categoryIdBySlug.has(category.slug)) categoryIdBySlug.set(category.slug, yield* ids.next("cat"))
    }
    const categoryCounts = upsertStamped(
      categories,
      data.categories.map((category) => [category.slug, {
        id: resolvedId(categoryIdBySlug, category.slug),
        slug: category.slug,
        name: category.name,
        description: category.description,
        image: category.image,
        parentId: category.parentSlug === null ? null : resolvedId(categoryIdBySlug, category.parentSlug),
        position: category.position,
        seo: category.seo
      }] as const),
      stamp
    )

    const shippingMethods = new Map(before.shippingMethods)
    const methodCounts = upsertStamped(
      shippingMethods,
      data.shippingMethods.map((method) => [method.id, method] as const),
      stamp
    )
    const coupons = new Map(before.coupons)
    const couponCounts = yield* writeCoupons(coupons, data.coupons)
    const customerCounts = yield* writeCustomers(data.customers)

    const products = new Map(before.products)
    const variantOwners = new Map(before.variantOwners)
    /** Products whose variants moved to another product during this import. */
    const touched = new Set<string>()
    let productsInserted = 0
    let productsUpdated = 0
    let variantsInserted = 0
    let variantsUpdated = 0
    let removedVariants = 0
    let written = 0
    for (const product of data.products) {
      const previous = products.get(product.slug)
      const id = previous?.record.id ?? (yield* ids.next("prod"))
      const variants: Array<CatalogVariant> = []
      for (const variant of product.variants) {
        const ownerSlug = variantOwners.get(variant.sku)
        const owner = ownerSlug === undefined ? undefined : products.get(ownerSlug)
        const ownerPosition = owner?.record.variants.findIndex((stored) => stored.sku === variant.sku) ?? -1
        const existing = owner?.record.variants[ownerPosition]
        const next: CatalogVariant = {
          id: existing?.id ?? (yield* ids.next("var")),
          sku: variant.sku,
          originalPrice: variant.originalPrice,
          salePrice: variant.salePrice,
          stock: variant.stock,
          weightGrams: variant.weightGrams,
          images: variant.images,
          optionValues: variant.optionValues
        }
        if (existing === undefined) variantsInserted++
        else if (ownerSlug !== product.slug || ownerPosition !== variant.position || !sameRecord(existing, next)) {
          variantsUpdated++
        }
        if (owner !== undefined && ownerSlug !== undefined && ownerSlug !== product.slug) {
          products.set(ownerSlug, {
            record: { ...owner.record, variants: owner.record.variants.filter((stored) => stored.sku !== variant.sku) },
            changedAt: stamp
          })
          touched.add(ownerSlug)
        }
        variantOwners.set(variant.sku, product.slug)
        variants.push(next)
      }
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
        slug: product.slug,
        name: product.name,
        description: product.description,
        sku: product.sku,
        productType: product.productType,
        unitName: product.unitName,
        thumbnail: product.thumbnail,
        images: product.images,
        tags: product.tags,
        attributes: product.attributes,
        seo: product.seo,
        sizeGuideId: product.sizeGuideId,
        categoryIds: product.categorySlugs.map((slug) => resolvedId(categoryIdBySlug, slug)),
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
      written++
      if (written % 1_000 === 0 || written === data.products.length) {
        yield* onProgress({ productsWritten: written, productsTotal: data.products.length })
      }
    }

    const variantTotal = data.products.reduce((sum, product) => sum + product.variants.length, 0)
    const summary: ImportSummary = {
      shops: shopCounts,
      publishableKeys: keyCounts,
      categories: categoryCounts,
      sizeGuides: sizeGuideCounts,
      products: countsOf(data.products.length, productsInserted, productsUpdated),
      variants: countsOf(variantTotal, variantsInserted, variantsUpdated),
      removedVariants,
      shippingMethods: methodCounts,
      coupons: couponCounts,
      customers: customerCounts
    }
    state = {
      version: stamp,
      shops,
      publishableKeys,
      categories,
      sizeGuides,
      products,
      variantOwners,
      shippingMethods,
      coupons
    }
    return summary
  })

  const records = <A>(map: ReadonlyMap<string, Stamped<A>>): Array<A> => [...map.values()].map(({ record }) => record)

  const loadReferenceData = Effect.sync((): CatalogReferenceData => {
    const current = state
    return {
      shops: records(current.shops).sort((left, right) => byText(left.id, right.id)),
      publishableKeys: records(current.publishableKeys).sort((left, right) => byText(left.key, right.key)),
      categories: records(current.categories).sort((left, right) => byText(left.id, right.id)),
      sizeGuides: records(current.sizeGuides).sort((left, right) => byText(left.id, right.id)),
      shippingMethods: records(current.shippingMethods).sort((left, right) =>
        byText(left.shopId, right.shopId) || left.position - right.position || byText(left.id, right.id)
      )
    }
  })

  const changedSince = (changedAt: number, cursor: ChangeCursor): boolean => changedAt > Number(cursor)

  /** Products in id order, sorted once per state (a full load reads many pages of the same state). */
  const sortedProducts = new WeakMap<CatalogState, ReadonlyArray<Stamped<CatalogProduct>>>()
  const productsById = (current: CatalogState): ReadonlyArray<Stamped<CatalogProduct>> => {
    const cached = sortedProducts.get(current)
    if (cached !== undefined) return cached
    const sorted = [...current.products.values()].sort((left, right) => byText(left.record.id, right.record.id))
    sortedProducts.set(current, sorted)
    return sorted
  }

  const referenceChangedSince = (cursor: ChangeCursor) =>
    Effect.sync(() => {
      const current = state
      return [current.shops, current.publishableKeys, current.categories, current.sizeGuides, current.shippingMethods]
        .some((table: ReadonlyMap<string, Stamped<unknown>>) =>
          [...table.values()].some((row) => changedSince(row.changedAt, cursor))
        )
    })

  const loadProducts = (options: {
    readonly since: ChangeCursor | null
    readonly afterId: string | null
    readonly limit: number
  }) =>
    Effect.sync((): ProductPage => {
      const { afterId, since } = options
      const products: Array<CatalogProduct> = []
      for (const row of productsById(state)) {
        if (products.length >= options.limit) break
        if (afterId !== null && row.record.id <= afterId) continue
        if (since !== null && !changedSince(row.changedAt, since)) continue
        products.push(row.record)
      }
      const last = products[products.length - 1]
      return { products, nextAfterId: products.length === options.limit && last !== undefined ? last.id : null }
    })

  const source = CatalogSource.of({
    currentCursor: Effect.sync(() => String(state.version)),
    loadReferenceData,
    referenceChangedSince,
    loadProducts
  })
  const writer = CatalogImportWriter.of({
    existingReferences,
    write: (data, onProgress) => writeLock.withPermits(1)(writeAll(data, onProgress))
  })

  /** As the SQL adapter reads it, with its uses. */
  const couponOf = (key: string, stored: StoredCoupon): Coupon => ({
    code: stored.code,
    shopId: stored.shopId,
    type: stored.type,
    value: stored.value,
    minSubtotal: stored.minSubtotal,
    startsAt: stored.startsAt,
    endsAt: stored.endsAt,
    usageLimit: stored.usageLimit,
    usageCount: couponUses.get(key) ?? 0
  })
  const coupons = CouponRepository.of({
    findByCode: (shopId, code) =>
      Effect.sync(() => {
        const key = couponKey(shopId, normalizeCouponCode(code))
        const stored = state.coupons.get(key)
        return stored === undefined ? Option.none() : Option.some(couponOf(key, stored))
      }),
    // one synchronous step, so checked and counted atomically
    recordUse: (shopId, code) =>
      Effect.sync(() => {
        const key = couponKey(shopId, normalizeCouponCode(code))
        const stored = state.coupons.get(key)
        if (stored === undefined) return false
        const uses = couponUses.get(key) ?? 0
        if (stored.usageLimit !== null && uses >= stored.usageLimit) return false
        couponUses.set(key, uses + 1)
        return true
      })
  })
  return Context.make(CatalogSource, source).pipe(
    Context.add(CatalogImportWriter, writer),
    Context.add(CouponRepository, coupons)
  )
})

/**
 * The catalog ports and the CouponRepository over one in-memory catalog; requires an IdGenerator
 * and the CustomerRepository the rest of the app uses (imported customers are written to it).
 */
export const MemoryCatalogStoreLayer = Layer.effectContext(makeMemoryCatalogStore)
