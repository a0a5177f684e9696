/**
 * The JSON body of GET /products: the rendered product documents as they are, the paging fields,
 * the facets (their price range in major units) and the search correction. Written by the catalog handlers in process and by the
 * listing workers (adapters/catalog-engine/workers), so both give the same bytes.
 *
 * `listingBytes` writes the same body's UTF-8 bytes straight into one buffer of its size: the
 * documents (most of a body) are copied once, not joined into a string that is then flattened
 * and encoded again (at 100,000 products those two copies were 9 % of a distinct listing's CPU).
 */
import type { ProductListing } from "../../../application/catalog/product-listing.ts"
import { toFacetsView } from "../api/facets-view.ts"

const HEAD = '{"data":['

/** The body after the documents: paging, facets and correction. */
const tailOf = (listing: ProductListing): string =>
  `],"total":${listing.total},"page":${listing.page},` +
  `"limit":${listing.limit},"totalPages":${listing.totalPages}` +
  (listing.facets === undefined ? "" : `,"facets":${JSON.stringify(toFacetsView(listing.facets))}`) +
  (listing.didYouMean === undefined ? "}" : `,"didYouMean":${JSON.stringify(listing.didYouMean)}}`)

export const listingJson = (listing: ProductListing): string => `${HEAD}${listing.documents.join(",")}${tailOf(listing)}`

/** `Buffer.from(listingJson(listing), "utf8")`, written without the joined string. */
export const listingBytes = (listing: ProductListing): Buffer => {
  const { documents } = listing
  const tail = tailOf(listing)
  const lengths = new Array<number>(documents.length)
  let size = HEAD.length + Buffer.byteLength(tail, "utf8") + Math.max(0, documents.length - 1)
  for (let index = 0; index < documents.length; index++) {
    const length = Buffer.byteLength(documents[index]!, "utf8")
    lengths[index] = length
    size += length
  }
  const body = Buffer.allocUnsafe(size)
  let at = body.write(HEAD, 0, "latin1")
  for (let index = 0; index < documents.length; index++) {
    if (index > 0) body[at++] = 0x2c // ","
    at += body.write(documents[index]!, at, lengths[index]!, "utf8")
  }
  body.write(tail, at, "utf8")
  return body
}
