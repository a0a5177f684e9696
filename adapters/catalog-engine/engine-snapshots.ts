/**
 * The engine's indexes as snapshots (the ProductSearch port's `snapshots`): every part of an
 * EngineSearchIndex, the compressed documents, trigram index, sort orders and suggestion index
 * included, encoded by snapshot-codec.ts, so that a start reads them back instead of rendering,
 * compressing and indexing every product again. The format names this encoding and a
 * fingerprint of the document format (a probe product rendered), so that a snapshot made by
 * code that renders documents otherwise is not read.
 */
import { createHash } from "node:crypto"
import type { ProductSearchIndex, ProductSearchSnapshots, SearchReference } from "../../application/catalog/product-search.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { CategoryId, ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import { asMinorUnits } from "../../domain/shared/money.ts"
import { asGrams } from "../../domain/shared/weight.ts"
import { CatalogIndex, type CatalogIndexSnapshot } from "./catalog-index/catalog-index.ts"
import type { DocumentCodec, DocumentCodecDescription } from "./columns/document-codec.ts"
import { type EngineOptions, engineIndexOptions } from "./engine-options.ts"
import { SuggestIndex, type SuggestSnapshot } from "./suggest/suggest-index.ts"
import { encodeSnapshot, SnapshotDecoder } from "./snapshot/snapshot-codec.ts"

/** Changes whenever the snapshot's tree changes shape, the documents are stored in another form or the search texts and words are derived otherwise. */
const ENCODING = "catalog-engine/4"

/** An engine index's two parts, always changed together. */
export interface EngineParts {
  readonly index: CatalogIndex
  readonly suggestions: SuggestIndex
}

interface EngineSnapshot {
  readonly index: CatalogIndexSnapshot
  readonly suggestions: SuggestSnapshot
}

const PROBE_CATEGORY = CategoryId.make("cat_probe")
const PROBE: CatalogProduct = {
  id: ProductId.make("prod_probe"),
  slug: "probe",
  name: "Probe Ünïcode \"quoted\"",
  description: "<p>A product that exists only to be rendered.</p>",
  sku: "PROBE-1",
  productType: "physical",
  unitName: "piece",
  thumbnail: "https://example.com/t.jpg",
  images: ["https://example.com/1.jpg"],
  tags: ["probe", "sale"],
  attributes: { brand: { type: "text", value: "Probe" }, color: { type: "color", value: "Red" } },
  seo: { metaTitle: "t", metaDescription: null, metaKeywords: ["k"], ogImage: null },
  sizeGuideId: "guide_probe",
  translations: { bn: { name: "প্রোব" } },
  categoryIds: [PROBE_CATEGORY],
  shopIds: [ShopId.make("shop_probe")],
  enabled: true,
  requiresShipping: true,
  salesCount: 7,
  createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  variantOptions: [{ key: "size", values: ["M", "L"], position: 0 }],
  variants: [{
    id: VariantId.make("var_probe"),
    sku: "PROBE-1-M",
    originalPrice: asMinorUnits(123_45),
    salePrice: asMinorUnits(99_50),
    stock: 3,
    weightGrams: asGrams(250),
    images: [],
    optionValues: { size: "M" }
  }]
}

/** A digest of how the engine's format renders the probe product. */
const documentFingerprint = (options: EngineOptions): string => {
  const rendered = options.format.render(PROBE, {
    categoryRef: (id) => id === PROBE_CATEGORY ? { id, name: "Probe", slug: "probe" } : undefined,
    sizeGuide: (id) => ({ id, name: "Guide", content: "<table></table>", imageUrl: "https://example.com/g.png" })
  })
  return createHash("sha256").update(rendered).digest("hex").slice(0, 16)
}

const restore = (
  reference: SearchReference,
  options: EngineOptions,
  snapshot: EngineSnapshot,
  codec: (description: DocumentCodecDescription) => DocumentCodec
): EngineParts => {
  const index = CatalogIndex.restore(reference, engineIndexOptions(options), snapshot.index, codec)
  return {
    index,
    suggestions: SuggestIndex.restore(reference.categories, snapshot.suggestions, index.productKeys.ids, snapshot.index.slots.slugs)
  }
}

/**
 * Snapshots of the engine's indexes: `make` builds an index from restored parts, `partsOf` finds
 * an index's parts (none for another adapter's index). None without `codecFromDescription`.
 */
export const engineSnapshots = (
  options: EngineOptions,
  make: (reference: SearchReference, restored: EngineParts) => ProductSearchIndex,
  partsOf: (index: ProductSearchIndex) => EngineParts | undefined
): ProductSearchSnapshots | undefined => {
  const codec = options.codecFromDescription
  if (codec === undefined) return undefined
  return {
    format: `${ENCODING} documents:${documentFingerprint(options)}`,
    write: (index) => {
      const parts = partsOf(index)
      if (parts === undefined) throw new Error("not an index of the catalog engine")
      if (parts.suggestions.productCount !== parts.index.productCount) throw new Error("the engine's two indexes disagree")
      return encodeSnapshot({ index: parts.index.snapshot(), suggestions: parts.suggestions.snapshot() } satisfies EngineSnapshot)
    },
    read: (reference) => {
      const decoder = new SnapshotDecoder()
      return {
        push: (piece) => decoder.push(piece),
        finish: () => make(reference, restore(reference, options, decoder.finish() as EngineSnapshot, codec))
      }
    }
  }
}
