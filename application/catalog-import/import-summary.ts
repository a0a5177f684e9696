/**
 * What an import did, per entity, counted by natural key. A product counts as updated when its
 * row, its variants or its shop/category links changed. `removedVariants` are variants of
 * imported products that the document no longer lists.
 */
export interface EntityCounts {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
}

/** The counts of the lists other than products. */
export interface ListCounts {
  readonly shops: EntityCounts
  readonly publishableKeys: EntityCounts
  readonly categories: EntityCounts
  readonly sizeGuides: EntityCounts
  readonly shippingMethods: EntityCounts
  readonly coupons: EntityCounts
  readonly customers: EntityCounts
}

export interface ImportSummary extends ListCounts {
  readonly products: EntityCounts
  readonly variants: EntityCounts
  readonly removedVariants: number
}

export const noChanges: EntityCounts = { inserted: 0, updated: 0, unchanged: 0 }

export const countsOf = (total: number, inserted: number, updated: number): EntityCounts => ({
  inserted,
  updated,
  unchanged: total - inserted - updated
})

export const addCounts = (left: EntityCounts, right: EntityCounts): EntityCounts => ({
  inserted: left.inserted + right.inserted,
  updated: left.updated + right.updated,
  unchanged: left.unchanged + right.unchanged
})

export const noListChanges: ListCounts = {
  shops: noChanges,
  publishableKeys: noChanges,
  categories: noChanges,
  sizeGuides: noChanges,
  shippingMethods: noChanges,
  coupons: noChanges,
  customers: noChanges
}

export const addListCounts = (left: ListCounts, right: ListCounts): ListCounts => ({
  shops: addCounts(left.shops, right.shops),
  publishableKeys: addCounts(left.publishableKeys, right.publishableKeys),
  categories: addCounts(left.categories, right.categories),
  sizeGuides: addCounts(left.sizeGuides, right.sizeGuides),
  shippingMethods: addCounts(left.shippingMethods, right.shippingMethods),
  coupons: addCounts(left.coupons, right.coupons),
  customers: addCounts(left.customers, right.customers)
})

/** True when the import wrote nothing at all. */
export const isUnchanged = (summary: ImportSummary): boolean =>
  summary.removedVariants === 0 &&
  [
    summary.shops, summary.publishableKeys, summary.categories, summary.sizeGuides, summary.products,
    summary.variants, summary.shippingMethods, summary.coupons, summary.customers
  ].every((counts) => counts.inserted === 0 && counts.updated === 0)
