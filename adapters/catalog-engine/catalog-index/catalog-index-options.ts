/** What a catalog index is made over and with: its reference data and its options. */
import type { CatalogProduct, SizeGuide } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import type { DocumentContext } from "../../../application/catalog/product-search.ts"
import type { DocumentCodec, DocumentCodecTrainer } from "../columns/document-codec.ts"
import type { FacetKernel } from "./facet-kernels.ts"
import type { PriceKernel } from "./listing-filters.ts"
import type { PagingKernel } from "./listing-page.ts"
import type { SearchKernel, SearchOptions } from "./search-sets.ts"

export interface CatalogReference {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
}

export interface CatalogIndexOptions {
  /**
   * How rendered product documents are kept: as they are (the default), through a codec, or
   * through a codec trained on the first documents.
   */
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
  /** How a product's document is made (the ProductDocumentFormat's `render`). */
  readonly render: (product: CatalogProduct, context: DocumentContext) => string
}

/**
 * The kernels an index answers with. In production each is "auto" (chosen per call by expected
 * cost); tests force one at a time, through `CatalogIndex.forcingKernels` only, and hold them
 * all to the same answers.
 */
export interface KernelChoices {
  /**
   * How facet counts are worked out: "auto" (the default) chooses per set by its cardinality;
   * "bitsets" and "tally" force one kernel (tests hold both to the same answers).
   */
  readonly facetKernel?: FacetKernel | undefined
  /**
   * How search terms are matched: "auto" (the default) through the trigram index for terms of
   * three characters or more in catalogs of 1,024 products or more, else by scanning; "scan" and
   * "trigrams" force one (tests). `searchRebuildAfter`: changed products after which the trigram
   * index is rebuilt (default an eighth of the catalog, at least 1,024).
   */
  readonly searchKernel?: SearchKernel | undefined
  readonly searchRebuildAfter?: number | undefined
  /** How a page is picked from the result: "auto" (the default) by expected cost, or forced (tests). */
  readonly pagingKernel?: PagingKernel | undefined
  /** How the price filter is worked out: "auto" (the default) by expected cost, or forced (tests). */
  readonly priceKernel?: PriceKernel | undefined
}

export const searchOptions = (options: KernelChoices): SearchOptions => ({
  kernel: options.searchKernel ?? "auto",
  rebuildAfter: options.searchRebuildAfter
})
