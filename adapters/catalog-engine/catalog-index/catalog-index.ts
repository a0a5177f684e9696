/**
 * The catalog's read model: every product held once in a slot (product-slots.ts), with bit sets
 * per shop, tag, attribute value, category subtree and availability (slot-memberships.ts), sort
 * permutations (sort-orders.ts), a search index (search-sets.ts) and the product's rendered JSON
 * kept through a DocumentCodec. Listing (listing-filters.ts, listing-page.ts), faceting
 * (facet-counts.ts) and by-slug lookups are answered from it without I/O.
 *
 * It is a mutable structure with a single writer: `upsertProduct` applies a changed product in
 * place (reads are synchronous, so a query never sees half an update). `generation` increases on
 * every change so that callers can key caches by it.
 */
import type { SlotKeys } from "../columns/slot-keys.ts"
import { type Bitset, countBits, countIntersection, hasBit, intersectInto, makeBitset, wordsFor } from "../columns/bitset.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRef } from "../../../domain/catalog/category.ts"
import type { DocumentCodec, DocumentCodecDescription } from "../columns/document-codec.ts"
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import type { DocumentContext, SearchListing } from "../../../application/catalog/product-search.ts"
import type { MinorUnits } from "../../../domain/shared/money.ts"
import { FacetCounts, keysAllBut } from "./facet-counts.ts"
import { listingFilters, type PriceKernel } from "./listing-filters.ts"
import { type PagingKernel, pageSlots } from "./listing-page.ts"
import { ProductDocuments } from "../columns/product-documents.ts"
import { ProductSlots, type SharedSlots, type SlotsSnapshot } from "./product-slots.ts"
import { sharedSearchTexts } from "./search-texts.ts"
import { SearchIndex, type SharedSearch } from "./search-sets.ts"
import { type SharedMemberships, SlotMemberships } from "./slot-memberships.ts"
import { type SharedOrders, SLOT_ORDERS, SortOrders } from "./sort-orders.ts"
import { type SharedPrices, VariantPriceIndex } from "./variant-price-index.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"
import { type CatalogIndexOptions, type CatalogReference, type KernelChoices, searchOptions } from "./catalog-index-options.ts"

/**
 * One generation of an index on shared memory: a description another thread rebuilds a
 * read-only index from (`CatalogIndex.fromShared`) without copying its columns. It is posted
 * between threads as it is (the buffers are shared, the few small fields cloned).
 */
export interface SharedCatalogIndex {
  readonly generation: number
  readonly reference: CatalogReference
  readonly kernels: KernelChoices
  readonly slots: SharedSlots
  readonly memberships: SharedMemberships
  readonly orders: SharedOrders
  readonly search: SharedSearch
  readonly prices: SharedPrices
}

/** An index in a snapshot: its generation and every part, the built orders, trigram and price indexes included. */
export type CatalogIndexSnapshot = Omit<SharedCatalogIndex, "reference" | "kernels" | "slots"> & { readonly slots: SlotsSnapshot }

/** The parts of an index read from shared memory. */
interface SharedParts {
  readonly slots: ProductSlots
  readonly memberships: SlotMemberships
  readonly orders: SortOrders
  readonly search: SearchIndex
  readonly prices: VariantPriceIndex
}

/** A listing as the ProductSearch port answers it: the page's documents, facets in minor units. */
export type ListingResult = SearchListing
const VISIBLE_SETS_CACHED = 64

/** An index read from shared memory makes no documents: the index it was shared from did. */
const readOnly = (): never => { throw new Error("a shared catalog index is read-only") }

export class CatalogIndex {
  generation = 0
  readonly reference: CatalogReference
  private readonly kernels: KernelChoices
  private readonly slots: ProductSlots
  private readonly memberships: SlotMemberships
  private readonly orders: SortOrders
  private readonly search: SearchIndex
  private readonly facetCounts: FacetCounts
  private readonly pagingKernel: PagingKernel
  private readonly prices: { readonly index: VariantPriceIndex; readonly kernel: PriceKernel }
  private readonly categoryIndexBySlug = new Map<string, number>()
  private readonly categoryRefs: Array<CategoryRef>
  private readonly renderContext: DocumentContext
  private readonly render: (product: CatalogProduct, context: DocumentContext) => string
  private readonly visibleCache = new Map<string, { generation: number; bits: Bitset }>()
  /** The sets a listing works in (candidates, result, "all but a group"), reused: see docs/catalog-engine.md. */
  private readonly scratch: Array<Bitset> = [makeBitset(0), makeBitset(0), makeBitset(0)]

  /** `kernels` is for CatalogIndex.forcingKernels (tests); production leaves every kernel "auto". */
  constructor(reference: CatalogReference, options: CatalogIndexOptions, shared?: SharedParts, kernels: KernelChoices = {}) {
    this.reference = reference
    this.kernels = kernels
    this.slots = shared?.slots ?? new ProductSlots(options.documentCodec)
    this.memberships = shared?.memberships ?? new SlotMemberships(reference.categories, wordsFor(this.slots.capacity))
    this.orders = shared?.orders ?? new SortOrders(this.slots)
    this.search = shared?.search ?? new SearchIndex(this.slots.searchTexts(), searchOptions(kernels))
    this.pagingKernel = kernels.pagingKernel ?? "auto"
    this.render = options.render
    this.prices = { index: shared?.prices ?? new VariantPriceIndex(this.slots), kernel: kernels.priceKernel ?? "auto" }
    this.facetCounts = new FacetCounts(this.slots, this.memberships, this.orders, kernels.facetKernel ?? "auto")
    reference.categories.forEach((category, index) => this.categoryIndexBySlug.set(category.slug, index))
    this.categoryRefs = reference.categories.map((category) => ({ id: category.id, name: category.name, slug: category.slug }))
    const sizeGuides = new Map(reference.sizeGuides.map((guide) => [guide.id, guide]))
    this.renderContext = {
      categoryRef: (categoryId) => this.categoryRefs[this.memberships.categoryIndex.get(categoryId) ?? -1],
      sizeGuide: (sizeGuideId) => sizeGuides.get(sizeGuideId)
    }
  }

  /**
   * This generation on shared memory: the columns that change in place are copied, the built
   * orders, price and trigram indexes (never written once built) are shared as they are. Builds
   * what `prepare` builds first. Only for a codec with a description (or none).
   */
  share(): SharedCatalogIndex {
    this.prepare()
    return {
      generation: this.generation,
      reference: this.reference,
      kernels: this.kernels,
      slots: this.slots.toShared(),
      memberships: this.memberships.toShared(),
      orders: this.orders.toShared(),
      search: this.search.toShared(),
      prices: this.prices.index.toShared()
    }
  }

  /**
   * A read-only index over a shared generation (listing, facets and counts; not by-slug lookups
   * nor writes). `codec` makes the document codec from the generation's description.
   */
  static fromShared(
    shared: SharedCatalogIndex,
    codec: (description: DocumentCodecDescription) => DocumentCodec
  ): CatalogIndex {
    const description = shared.slots.documents.codec
    const slots = ProductSlots.fromShared(shared.slots, description === undefined ? undefined : codec(description))
    const index = new CatalogIndex(shared.reference, { render: readOnly }, {
      slots,
      memberships: SlotMemberships.fromShared(shared.reference.categories, shared.memberships),
      orders: SortOrders.fromShared(slots, shared.orders),
      search: SearchIndex.fromShared(sharedSearchTexts(shared.slots), searchOptions(shared.kernels), shared.search),
      prices: VariantPriceIndex.fromShared(slots, shared.prices)
    }, shared.kernels)
    index.generation = shared.generation
    return index
  }

  /**
   * An empty index that answers with the given kernels instead of choosing by cost: tests hold
   * every kernel to the same answers this way. Its shared copies keep the same kernels.
   */
  static forcingKernels(reference: CatalogReference, options: CatalogIndexOptions, kernels: KernelChoices): CatalogIndex {
    return new CatalogIndex(reference, options, undefined, kernels)
  }

  /** This index for a snapshot, its derived indexes built first (take it while nothing writes). */
  snapshot(): CatalogIndexSnapshot {
    this.prepare()
    const { generation, slots, memberships, orders, search, prices } = this
    return {
      generation,
      slots: slots.snapshot(),
      memberships: memberships.toShared(),
      orders: orders.toShared(),
      search: search.toShared(),
      prices: prices.index.toShared()
    }
  }

  /** A writable index going on from a snapshot over the same reference data (`codec` reads its documents). */
  static restore(
    reference: CatalogReference,
    options: CatalogIndexOptions,
    snapshot: CatalogIndexSnapshot,
    codec: (description: DocumentCodecDescription) => DocumentCodec
  ): CatalogIndex {
    const documents = ProductDocuments.fromSnapshot(snapshot.slots.documents, options.documentCodec, codec)
    const slots = ProductSlots.fromSnapshot(snapshot.slots, documents)
    const index = new CatalogIndex(reference, options, {
      slots,
      memberships: SlotMemberships.fromShared(reference.categories, snapshot.memberships),
      orders: SortOrders.fromShared(slots, snapshot.orders),
      search: SearchIndex.fromShared(slots.searchTexts(), searchOptions({}), snapshot.search),
      prices: VariantPriceIndex.fromShared(slots, snapshot.prices)
    })
    index.generation = snapshot.generation
    return index
  }

  get productCount(): number {
    return this.slots.size
  }

  /** Each slot's product id (the suggestion index reads them: the same slots) and slug. */
  get productKeys(): { readonly ids: SlotKeys; readonly slugs: SlotKeys } {
    return { ids: this.slots.ids, slugs: this.slots.slugs }
  }

  categoryIdBySlug(slug: string): string | undefined {
    const index = this.categoryIndexBySlug.get(slug)
    return index === undefined ? undefined : this.reference.categories[index]?.id
  }

  /** Adds or replaces a product (matched by id). */
  upsertProduct(product: CatalogProduct): void {
    let slot = this.slots.slotOf(product.id)
    if (slot === undefined) {
      const capacity = this.slots.grow(this.slots.size + 1)
      if (capacity !== undefined) this.memberships.grow(wordsFor(capacity))
      slot = this.slots.allocate(product.id)
    } else {
      this.memberships.remove(slot)
    }
    const changed = this.slots.write(slot, product, this.render(product, this.renderContext))
    this.memberships.add(slot, product)
    this.orders.changed(slot, changed.orders)
    if (changed.prices) this.prices.index.invalidate()
    this.search.noteChanged(slot)
    this.generation++
  }

  /**
   * Builds what the first queries would otherwise build (the trigram index, the sort orders and
   * their ranks, the variant price index), so
   * that they do not pay for it: call once the catalog is loaded.
   */
  prepare(): void {
    this.search.prepare()
    this.prices.index.prepare()
    for (const order of SLOT_ORDERS) this.orders.rankOf(order)
  }

  /** Products enabled in at least one of the given shops. */
  visibleIn(shopIds: ReadonlyArray<ShopId>): Bitset {
    const cacheKey = [...shopIds].sort().join("\u0000")
    const cached = this.visibleCache.get(cacheKey)
    if (cached !== undefined && cached.generation === this.generation) return cached.bits
    const bits = this.memberships.visibleIn(shopIds)
    if (this.visibleCache.size > VISIBLE_SETS_CACHED) this.visibleCache.clear()
    this.visibleCache.set(cacheKey, { generation: this.generation, bits })
    return bits
  }

  /** The rendered product with this slug when it is visible in one of the shops. */
  documentBySlug(slug: string, shopIds: ReadonlyArray<ShopId>): string | undefined {
    const slot = this.slots.slotOfSlug(slug)
    if (slot === undefined || !hasBit(this.visibleIn(shopIds), slot)) return undefined
    return this.slots.documents.get(slot)
  }

  /** The lowest effective price (minor units) of the visible product with this slug. */
  lowestPriceBySlug(slug: string, shopIds: ReadonlyArray<ShopId>): MinorUnits | undefined {
    const slot = this.slots.slotOfSlug(slug)
    return slot === undefined || !hasBit(this.visibleIn(shopIds), slot) ? undefined : this.slots.minPrice[slot] as MinorUnits
  }

  /** Visible products in each category or any of its descendants, by category id. */
  categoryProductCounts(shopIds: ReadonlyArray<ShopId>): ReadonlyMap<string, number> {
    const visible = this.visibleIn(shopIds)
    const counts = new Map<string, number>()
    this.reference.categories.forEach((category, index) => {
      counts.set(category.id, countIntersection(this.memberships.categoryBits[index]!, visible))
    })
    return counts
  }

  /** Answers a listing query over the products visible in `shopIds`. */
  list(query: ProductQuery, shopIds: ReadonlyArray<ShopId>): ListingResult {
    const words = this.memberships.words
    const base = this.scratchCopy(0, words, this.visibleIn(shopIds))
    let tiers: ReadonlyArray<Bitset> | undefined
    if (query.search !== undefined) {
      const sets = this.search.sets(query.search, this.generation, words)
      intersectInto(base, sets.all)
      tiers = sets.tiers
    }
    const filters = listingFilters(query, this.memberships, this.slots, base, this.prices)
    const matchingAllBut = (excluded: string | undefined): Bitset => {
      // no other filter: the candidates themselves (only read)
      if (filters.every((filter) => filter.group === excluded)) return base
      const set = this.scratchCopy(excluded === undefined ? 1 : 2, words, base)
      for (const filter of filters) if (filter.group !== excluded) intersectInto(set, filter.bits)
      return set
    }
    const result = matchingAllBut(undefined)
    const total = countBits(result)
    const documents = pageSlots(result, total, query, tiers, this.orders, this.pagingKernel).map((slot) => this.slots.documents.get(slot)!)
    if (!query.includeFacets) return { total, documents, facets: undefined }
    const activeGroups = filters.map((filter) => filter.group)
    const keyAllBut = keysAllBut(shopIds, query.search, filters)
    const facets = this.facetCounts.facets(
      { result, total, activeGroups, matchingAllBut, keyAllBut },
      this.categoryRefs,
      this.generation
    )
    return { total, documents, facets }
  }

  /** Scratch set `which`, of `words` words, holding `source` (its missing words zero): written once, not emptied first. */
  private scratchCopy(which: number, words: number, source: Bitset): Bitset {
    let bits = this.scratch[which]!
    if (bits.length !== words) {
      bits = makeBitset(words)
      this.scratch[which] = bits
    } else if (source.length < words) {
      bits.fill(0, source.length)
    }
    bits.set(source.length <= words ? source : source.subarray(0, words))
    return bits
  }
}
