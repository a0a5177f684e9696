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

export interface ImportSummary {
  readonly shops: EntityCounts
  readonly publishableKeys: EntityCounts
  readonly categories: EntityCounts
  readonly sizeGuides: EntityCounts
  readonly products: EntityCounts
  readonly variants: EntityCounts
  readonly removedVariants: number
  readonly shippingMethods: EntityCounts
  readonly coupons: EntityCounts
  readonly customers: EntityCounts
}

export const noChanges: EntityCounts = { inserted: 0, updated: 0, unchanged: 0 }

export const countsOf = (total: number, inserted: number, updated: number): EntityCounts => ({
  inserted,
  updated,
  unchanged: total - inserted - updated
})

/** True when the import wrote nothing at all. */
export const isUnchanged = (summary: ImportSummary): boolean =>
  summary.removedVariants === 0 &&
  [
    summary.shops, summary.publishableKeys, summary.categories, summary.sizeGuides, summary.products,
    summary.variants, summary.shippingMethods, summary.coupons, summary.customers
  ].every((counts) => counts.inserted === 0 && counts.updated === 0)
