/** Listing facets, counted in products; the price range in minor units. */
import { Schema } from "effect"
import { MinorUnits } from "../shared/money.ts"

export const FacetValueCount = Schema.Struct({ value: Schema.String, count: Schema.Int })

export const Facets = Schema.Struct({
  attributes: Schema.Array(Schema.Struct({ key: Schema.String, values: Schema.Array(FacetValueCount) })),
  availability: Schema.Struct({ inStock: Schema.Int, outOfStock: Schema.Int }),
  categories: Schema.Array(
    Schema.Struct({ id: Schema.String, name: Schema.String, slug: Schema.String, count: Schema.Int })
  ),
  priceRange: Schema.Struct({ min: MinorUnits, max: MinorUnits }),
  tags: Schema.Array(FacetValueCount)
})
export type Facets = typeof Facets.Type

/** Facet values are ordered by count desc, then value asc. */
export const byCountThenValue = <A extends { readonly count: number }>(valueOf: (item: A) => string) =>
(left: A, right: A): number => {
  if (left.count !== right.count) return right.count - left.count
  const leftValue = valueOf(left)
  const rightValue = valueOf(right)
  return leftValue < rightValue ? -1 : leftValue > rightValue ? 1 : 0
}
