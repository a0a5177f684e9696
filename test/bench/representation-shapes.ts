// Compression and conditional requests: the 48-product listing with facets repeated, sent as it
// is, in gzip and in brotli (the KB/resp column shows the bytes each answer takes on the wire,
// headers included), and revalidated with the ETag of its brotli answer (304, no body).
import type { Shape, ShapeContext } from "./shape.ts"

const LISTING_48 = `/v1/store/products?${new URLSearchParams({ limit: "48", includeFacets: "true" }).toString()}`

/** Prints the listing's body size in each coding (Content-Length: the bytes sent, before any decoding). */
const printBodySizes = async ({ api }: ShapeContext): Promise<void> => {
  const sizes: Array<string> = []
  for (const coding of ["identity", "gzip", "br"]) {
    const response = await api.request({ path: LISTING_48, headers: { "accept-encoding": coding } })
    const length = Number(response.headers.get("content-length"))
    sizes.push(`${coding} ${length} bytes (${(length / 1024).toFixed(1)} KB)`)
  }
  console.log(`[bench] ${LISTING_48} body: ${sizes.join(", ")}`)
}

export const representationShapes: ReadonlyArray<Shape> = [
  {
    name: "list-48",
    group: "cached",
    setup: async (context) => {
      await printBodySizes(context)
      return [{ path: LISTING_48 }]
    }
  },
  { name: "list-48-gzip", group: "cached", path: LISTING_48, headers: { "accept-encoding": "gzip" } },
  { name: "list-48-br", group: "cached", path: LISTING_48, headers: { "accept-encoding": "br" } },
  {
    name: "list-48-304",
    group: "cached",
    expectedStatus: 304,
    setup: async ({ api }) => {
      const headers = { "accept-encoding": "br" }
      const first = await api.request({ path: LISTING_48, headers })
      const etag = first.headers.get("etag")
      if (first.status !== 200 || etag === null) throw new Error(`GET ${LISTING_48} answered ${first.status} without an ETag`)
      return [{ path: LISTING_48, headers: { ...headers, "if-none-match": etag } }]
    }
  }
]
