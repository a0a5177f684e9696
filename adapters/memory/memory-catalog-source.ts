/**
 * CatalogSource over the memory catalog (memory-catalog-state.ts): reference data and products
 * of the current snapshot, the change cursor being the counter of the last import.
 */
import { Effect } from "effect"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { byText, type CatalogState, type MemoryCatalog, type Stamped } from "./memory-catalog-state.ts"

const records = <A>(map: ReadonlyMap<string, Stamped<A>>): Array<A> => [...map.values()].map(({ record }) => record)

const changedSince = (changedAt: number, cursor: ChangeCursor): boolean => changedAt > Number(cursor)

export const makeMemoryCatalogSource = (catalog: MemoryCatalog) => {
  const loadReferenceData = Effect.sync((): CatalogReferenceData => {
    const current = catalog.state
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
      const current = catalog.state
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
      for (const row of productsById(catalog.state)) {
        if (products.length >= options.limit) break
        if (afterId !== null && row.record.id <= afterId) continue
        if (since !== null && !changedSince(row.changedAt, since)) continue
        products.push(row.record)
      }
      const last = products[products.length - 1]
      return { products, nextAfterId: products.length === options.limit && last !== undefined ? last.id : null }
    })

  return CatalogSource.of({
    currentCursor: Effect.sync(() => String(catalog.state.version)),
    loadReferenceData,
    referenceChangedSince,
    loadProducts
  })
}
