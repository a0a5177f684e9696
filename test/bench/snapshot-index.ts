// The catalog index built from the engine bench's snapshot (bench-results/engine-snapshot-N.jsonl,
// written by engine-bench.ts), with the parts the facet counts work on, for the figure scripts
// that measure those parts alone. Not a test.
import { createReadStream } from "node:fs"
import { join, resolve } from "node:path"
import { createInterface } from "node:readline"
import type { CatalogIndex } from "../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import type { CatalogReference } from "../../adapters/catalog-engine/catalog-index/catalog-index-options.ts"
import type { ProductSlots } from "../../adapters/catalog-engine/catalog-index/product-slots.ts"
import type { SlotMemberships } from "../../adapters/catalog-engine/catalog-index/slot-memberships.ts"
import type { SortOrders } from "../../adapters/catalog-engine/catalog-index/sort-orders.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { type IndexOptions, makeIndex } from "../support/catalog-fixtures.ts"

export interface SnapshotIndex {
  readonly catalog: CatalogIndex
  readonly memberships: SlotMemberships
  readonly orders: SortOrders
  readonly slots: ProductSlots
}

/** The index of the snapshot of `products` products (documents the Product JSON), prepared as the read model prepares it. */
export const indexFromSnapshot = async (products: number, options: IndexOptions = {}): Promise<SnapshotIndex> => {
  const file = join(resolve(import.meta.dirname, "../.."), "bench-results", `engine-snapshot-${products}.jsonl`)
  let built: CatalogIndex | undefined
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === "") continue
    if (built === undefined) {
      built = makeIndex(JSON.parse(line) as CatalogReference, options)
      continue
    }
    const product = JSON.parse(line) as CatalogProduct & { createdAt: string }
    built.upsertProduct({ ...product, createdAt: new Date(product.createdAt) })
  }
  if (built === undefined) throw new Error(`${file} is empty: run engine-bench.ts --products ${products} first`)
  built.prepare()
  // the index's parts, as FacetCounts holds them
  const { memberships, orders, slots } = built as unknown as Omit<SnapshotIndex, "catalog">
  return { catalog: built, memberships, orders, slots }
}
