/** Listing facets as the interface writes them (its Facets): the price range in major units. */
import { Schema } from "effect"
import { Facets } from "../../../domain/catalog/facets.ts"
import { toMajor } from "../../../domain/shared/money.ts"

export const FacetsView = Schema.Struct({
  ...Facets.fields,
  priceRange: Schema.Struct({ min: Schema.Finite, max: Schema.Finite })
}).annotate({ identifier: "Facets" })
export type FacetsView = typeof FacetsView.Type

/** The facets with their price range in major units (the other fields as they are, in the same order). */
export const toFacetsView = (facets: Facets): FacetsView => ({
  ...facets,
  priceRange: { min: toMajor(facets.priceRange.min), max: toMajor(facets.priceRange.max) }
})
