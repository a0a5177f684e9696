/**
 * The state the memory catalog adapters share (memory-catalog-store.ts composes them): one
 * immutable snapshot of the catalog, replaced whole by each import, so readers never see half
 * an import. Every record carries the change counter of the import that last inserted or
 * changed it.
 */
import type { ImportCouponData } from "../../application/catalog-import/catalog-import-data.ts"
import { countsOf, type EntityCounts } from "../../application/catalog-import/import-summary.ts"
import type { ShippingMethodRecord } from "../../application/catalog/shipping-method-record.ts"
import type { CatalogProduct, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { PublishableKey, Shop } from "../../domain/catalog/shop.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export interface Stamped<A> {
  readonly record: A
  /** The change counter of the import that last inserted or changed the record. */
  readonly changedAt: number
}

export interface StoredCoupon extends ImportCouponData {
  readonly id: string
}

export interface CatalogState {
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

/** The current snapshot, and the uses of each coupon (kept apart so an import never resets them). */
export interface MemoryCatalog {
  state: CatalogState
  readonly couponUses: Map<string, number>
}

export const makeMemoryCatalog = (): MemoryCatalog => ({
  state: {
    version: 0,
    shops: new Map(),
    publishableKeys: new Map(),
    categories: new Map(),
    sizeGuides: new Map(),
    products: new Map(),
    variantOwners: new Map(),
    shippingMethods: new Map(),
    coupons: new Map()
  },
  couponUses: new Map()
})

/** Records are plain data built in a fixed key order, so their JSON compares them (Dates as ISO strings). */
export const sameRecord = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right)

export const byText = (left: string, right: string): number => left < right ? -1 : left > right ? 1 : 0

export const couponKey = (shopId: ShopId, code: string): string => JSON.stringify([shopId, code.toUpperCase()])

/** An id the import resolved or generated earlier; missing means a bug, so it is a defect. */
export const resolvedId = <Id extends string>(ids: ReadonlyMap<string, Id>, key: string): Id => {
  const id = ids.get(key)
  if (id === undefined) throw new Error(`memory catalog store: no id resolved for "${key}"`)
  return id
}

/** Upserts records by key into `target`, stamping the inserted and changed ones. */
export const upsertStamped = <A>(
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
