/**
 * Every product held once in a slot: its id and slug, the sort keys, the variant prices, the
 * search text and the rendered document, in columns indexed by slot (typed arrays where the
 * values are numbers). Slots are never freed: a product keeps its slot across updates.
 */
import { type CatalogProduct, effectivePrice, translatedTexts } from "../../../domain/catalog/catalog-product.ts"
import { searchFields } from "../../../domain/catalog/search-forms.ts"
import type { DocumentCodec, DocumentCodecTrainer } from "../columns/document-codec.ts"
import { type DocumentsSnapshot, ProductDocuments, type SharedDocuments } from "../columns/product-documents.ts"
import { type ByteColumn, sharedCopy } from "../columns/shared-columns.ts"
import { SlotKeys } from "../columns/slot-keys.ts"
import { type SharedSlotIntLists, SlotIntLists } from "../columns/slot-int-lists.ts"
import { FIELD_SEPARATOR, type SearchTextBytes, SearchTextColumn, type SearchTexts } from "./search-texts.ts"
import type { SlotOrder } from "./sort-orders.ts"

/** The slots' columns on shared memory; the search texts as UTF-8 with each name's length in bytes. */
export interface SharedSlots {
  readonly size: number
  readonly createdAt: Float64Array
  readonly salesCount: Int32Array
  readonly minPrice: Int32Array
  readonly maxPrice: Int32Array
  readonly variantPrices: SharedSlotIntLists
  readonly searchTexts: ByteColumn
  readonly nameBytes: Int32Array
  readonly documents: SharedDocuments
}

/** The slots in a snapshot: every column, the strings as UTF-8 columns; `holdsSlug` marks the slot each slug leads to. */
export interface SlotsSnapshot {
  readonly size: number
  readonly ids: ByteColumn
  readonly slugs: ByteColumn
  readonly holdsSlug: Uint8Array
  readonly haystacks: ByteColumn
  readonly nameBytes: Int32Array
  readonly nameLengths: Int32Array
  readonly createdAt: Float64Array
  readonly salesCount: Int32Array
  readonly minPrice: Int32Array
  readonly maxPrice: Int32Array
  readonly variantPrices: SharedSlotIntLists
  readonly documents: DocumentsSnapshot
}

const INITIAL_CAPACITY = 1024

export class ProductSlots {
  size = 0
  /** each slot's product id, and the slot of an id */
  readonly ids = new SlotKeys()
  /** each slot's slug, and the slot a slug leads to (the product that last took it) */
  readonly slugs = new SlotKeys()
  readonly documents: ProductDocuments
  /**
   * Lower-cased name, sku, description and tags, NUL-separated, name first: the search text,
   * whose first `nameLengths[slot]` characters are also the name's sort key.
   */
  texts: SearchTextColumn = new SearchTextColumn(() => this.nameLengths)
  nameLengths = new Int32Array(INITIAL_CAPACITY)
  createdAt = new Float64Array(INITIAL_CAPACITY)
  salesCount = new Int32Array(INITIAL_CAPACITY)
  /** lowest and highest effective variant price (0 and 0 for a product without variants) */
  minPrice = new Int32Array(INITIAL_CAPACITY)
  maxPrice = new Int32Array(INITIAL_CAPACITY)
  /** effective price of every variant, per slot */
  readonly variantPrices = new SlotIntLists()
  /** the search texts last shared, and the slots written since: the next share copies the others' bytes */
  private sharedTexts: SearchTextBytes | undefined
  private readonly changedSinceShared = new Set<number>()

  constructor(documentCodec: DocumentCodec | DocumentCodecTrainer | undefined) {
    this.documents = new ProductDocuments(documentCodec)
  }

  /** The search texts as the writer's search reads them. */
  searchTexts(): SearchTexts {
    return this.texts.searchTexts(() => this.size)
  }

  /** A copy of the columns on shared memory, for `fromShared` in another thread. */
  toShared(): SharedSlots {
    const size = this.size
    const before = this.sharedTexts
    const shared = this.texts.toBytes(size, before, before === undefined ? this.texts.written : this.changedSinceShared)
    this.sharedTexts = shared
    this.changedSinceShared.clear()
    return {
      size,
      createdAt: sharedCopy(this.createdAt, size),
      salesCount: sharedCopy(this.salesCount, size),
      minPrice: sharedCopy(this.minPrice, size),
      maxPrice: sharedCopy(this.maxPrice, size),
      variantPrices: this.variantPrices.toShared(),
      searchTexts: shared.texts,
      nameBytes: shared.nameBytes,
      documents: this.documents.toShared(size)
    }
  }

  /**
   * Slots that read the shared columns in place, for queries only (never to be written; no ids,
   * slugs or string search texts: the search reads `sharedSearchTexts`).
   */
  static fromShared(shared: SharedSlots, codec: DocumentCodec | undefined): ProductSlots {
    const slots = new ProductSlots(undefined)
    return Object.assign(slots, {
      size: shared.size,
      documents: ProductDocuments.fromShared(shared.documents, codec),
      createdAt: shared.createdAt,
      salesCount: shared.salesCount,
      minPrice: shared.minPrice,
      maxPrice: shared.maxPrice,
      nameLengths: shared.nameBytes,
      variantPrices: SlotIntLists.fromShared(shared.variantPrices)
    })
  }

  /** The slots for a snapshot (the numeric columns as they are: take it while nothing writes). */
  snapshot(): SlotsSnapshot {
    const size = this.size
    const holdsSlug = new Uint8Array(size)
    for (let slot = 0; slot < size; slot++) holdsSlug[slot] = this.slugs.leads(slot) ? 1 : 0
    return {
      size,
      ids: this.ids.toColumn(size),
      slugs: this.slugs.toColumn(size),
      holdsSlug,
      ...(({ texts, nameBytes }) => ({ haystacks: texts, nameBytes }))(this.texts.toBytes(size)),
      nameLengths: this.nameLengths,
      createdAt: this.createdAt,
      salesCount: this.salesCount,
      minPrice: this.minPrice,
      maxPrice: this.maxPrice,
      variantPrices: this.variantPrices.toShared(),
      documents: this.documents.snapshot(size)
    }
  }

  /** Slots that go on from a snapshot, writable, with these documents. */
  static fromSnapshot(snapshot: SlotsSnapshot, documents: ProductDocuments): ProductSlots {
    const slots = new ProductSlots(undefined)
    return Object.assign(slots, {
      size: snapshot.size,
      ids: SlotKeys.fromColumn(snapshot.ids, () => true),
      slugs: SlotKeys.fromColumn(snapshot.slugs, (slot) => snapshot.holdsSlug[slot] === 1),
      texts: new SearchTextColumn(() => slots.nameLengths, { texts: snapshot.haystacks, nameBytes: snapshot.nameBytes }),
      documents,
      nameLengths: snapshot.nameLengths,
      createdAt: snapshot.createdAt,
      salesCount: snapshot.salesCount,
      minPrice: snapshot.minPrice,
      maxPrice: snapshot.maxPrice,
      variantPrices: SlotIntLists.fromShared(snapshot.variantPrices)
    })
  }

  get capacity(): number {
    return this.createdAt.length
  }

  slotOfSlug(slug: string): number | undefined {
    return this.slugs.slotOf(slug)
  }

  /** The product's slot, or undefined for a product not held yet. */
  slotOf(id: string): number | undefined {
    return this.ids.slotOf(id)
  }

  /** A new slot for the product with this id (the caller makes room with `grow` first). */
  allocate(id: string): number {
    const slot = this.size++
    this.ids.write(slot, id)
    this.ids.lead(slot)
    return slot
  }

  /** Room for `slots` slots; returns the new capacity when the columns grew. */
  grow(slots: number): number | undefined {
    if (slots <= this.capacity) return undefined
    const capacity = Math.max(slots, this.capacity * 2)
    const grown = <A extends Float64Array | Int32Array>(array: A, make: (length: number) => A): A => {
      const next = make(capacity)
      next.set(array)
      return next
    }
    this.createdAt = grown(this.createdAt, (length) => new Float64Array(length))
    this.salesCount = grown(this.salesCount, (length) => new Int32Array(length))
    this.minPrice = grown(this.minPrice, (length) => new Int32Array(length))
    this.maxPrice = grown(this.maxPrice, (length) => new Int32Array(length))
    this.nameLengths = grown(this.nameLengths, (length) => new Int32Array(length))
    return capacity
  }

  /**
   * Writes the product's columns into its slot and the document `json`. Returns what the change
   * moves: the sort `orders` whose key of the slot changed and `prices` (any variant price).
   */
  write(slot: number, product: CatalogProduct, json: string): { readonly orders: ReadonlyArray<SlotOrder>; readonly prices: boolean } {
    if (this.sharedTexts !== undefined) this.changedSinceShared.add(slot)
    if (!this.slugs.holds(slot, product.slug)) {
      const previousSlug = this.slugs.at(slot)
      if (previousSlug !== undefined) this.releaseSlug(previousSlug, slot)
      this.slugs.write(slot, product.slug)
    }
    this.slugs.lead(slot)
    this.documents.set(slot, json)

    const nameKey = product.name.toLowerCase()
    let lowest = Number.MAX_SAFE_INTEGER
    let highest = 0
    const prices = new Int32Array(product.variants.length)
    product.variants.forEach((variant, index) => {
      const price = effectivePrice(variant)
      prices[index] = price
      if (price < lowest) lowest = price
      if (price > highest) highest = price
    })
    if (product.variants.length === 0) lowest = 0
    const createdAt = product.createdAt.getTime()
    const previousPrices = this.variantPrices.get(slot)
    const pricesChanged = previousPrices.length !== prices.length || previousPrices.some((price, index) => price !== prices[index])
    const orders: Array<SlotOrder> = []
    if (this.nameKeyOf(slot) !== nameKey) orders.push("name")
    if (this.minPrice[slot] !== lowest) orders.push("price")
    if (this.maxPrice[slot] !== highest) orders.push("maxPrice")
    if (this.createdAt[slot] !== createdAt) orders.push("newest")
    if (this.salesCount[slot] !== product.salesCount) orders.push("bestselling")
    this.nameLengths[slot] = nameKey.length
    this.minPrice[slot] = lowest
    this.maxPrice[slot] = highest
    this.createdAt[slot] = createdAt
    this.salesCount[slot] = product.salesCount
    if (pricesChanged) this.variantPrices.set(slot, prices)
    const fields = searchFields([nameKey, ...[product.sku, product.description, ...product.tags, ...translatedTexts(product)].map((field) => field.toLowerCase())])
    this.texts.set(slot, [...fields.exact, ...fields.loose].join(FIELD_SEPARATOR))
    return { orders, prices: pricesChanged }
  }

  /** The lower-cased name (undefined for a slot not filled yet). */
  nameKeyOf(slot: number): string | undefined {
    return this.texts.nameKey(slot)
  }

  /** `slot` no longer uses `slug`; another product that holds it now (slugs moved in one batch) keeps it. */
  private releaseSlug(slug: string, slot: number): void {
    if (!this.slugs.release(slug, slot)) return
    const holder = this.slugs.holderOf(slug, slot)
    if (holder !== undefined) this.slugs.lead(holder)
  }
}
