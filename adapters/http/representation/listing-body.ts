/**
 * The JSON body of GET /products: the rendered product documents as they are, the paging fields,
 * the facets (their price range in major units) and the search correction. Written by the catalog handlers in process and by the
 * listing workers (adapters/catalog-engine/workers), so both give the same bytes.
 */
import type { ProductListing } from "../../../application/catalog/product-listing.ts"
import { toFacetsView } from "../api/facets-view.ts"

export const listingJson = (listing: ProductListing): string =>
  `{"data":[${listing.documents.join(",")}],"total":${listing.total},"page":${listing.page},` +
  `"limit":${listing.limit},"totalPages":${listing.totalPages}` +
  (listing.facets === undefined ? "" : `,"facets":${JSON.stringify(toFacetsView(listing.facets))}`) +
  (listing.didYouMean === undefined ? "}" : `,"didYouMean":${JSON.stringify(listing.didYouMean)}}`)
