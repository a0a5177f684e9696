/**
 * What each slot belongs to, both ways round: a bit set per shop, tag, attribute value, category
 * subtree and for availability (which slots hold it), and per slot the lists of its tag, attribute
 * value and category ids (what it holds), for the per-product facet tally.
 */
import { type Bitset, bitsetOf, clearBit, makeBitset, resized, setBit, unionInto } from "../columns/bitset.ts"
import { type CatalogProduct, isInStock } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import { effectiveParents } from "../../../domain/catalog/category.ts"
import { type ByteColumn, fromByteColumn, packBitsets, sharedCopy, toByteColumn, unpackBitsets } from "../columns/shared-columns.ts"
import { type SharedSlotIntLists, SlotIntLists } from "../columns/slot-int-lists.ts"
import { attributeValueName, type SharedDictionary, ValueDictionary } from "./value-dictionary.ts"
import type { CategoryId } from "../../../domain/shared/ids.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The memberships on shared memory (the bit sets and per-slot lists; the small dictionaries' names as byte columns). */
export interface SharedMemberships {
  readonly words: number
  readonly inStock: Uint32Array
  readonly shopIds: ByteColumn
  readonly shops: Uint32Array
  readonly tags: SharedDictionary
  readonly attributeKeyNames: SharedDictionary
  readonly attributeKeys: Int32Array
  readonly attributeValues: SharedDictionary
  readonly attributeValueNames: ByteColumn
  readonly valueIdsByKey: ReadonlyArray<ReadonlyArray<number>>
  readonly attributeValuePlace: Int32Array
  readonly categoryBits: Uint32Array
  readonly slotTags: SharedSlotIntLists
  readonly slotAttributeValues: SharedSlotIntLists
  readonly slotCategories: SharedSlotIntLists
}

export class SlotMemberships {
  words: number
  inStock: Bitset
  readonly shops = new Map<string, Bitset>()
  readonly tags = new ValueDictionary()
  /** attribute key names; `attributeKeys[valueId]` is the key id of an attribute value */
  readonly attributeKeyNames = new ValueDictionary()
  readonly attributeKeys: Array<number> = []
  readonly attributeValues = new ValueDictionary()
  readonly attributeValueNames: Array<string> = []
  /** the value ids of each attribute key, ascending, and each value's place in its key's list */
  private readonly valueIdsByKey: Array<Array<number>> = []
  readonly attributeValuePlace: Array<number> = []
  categoryBits: Array<Bitset>
  /** tag ids, attribute value ids and category ids (with ancestors) per slot */
  readonly slotTags = new SlotIntLists()
  readonly slotAttributeValues = new SlotIntLists()
  readonly slotCategories = new SlotIntLists()
  readonly categoryIndex = new Map<string, number>()
  /** each category's index with its ancestors' */
  private readonly categoryClosure: Array<Int32Array>

  constructor(categories: ReadonlyArray<CategoryRecord>, words: number) {
    this.words = words
    this.inStock = makeBitset(words)
    categories.forEach((category, index) => this.categoryIndex.set(category.id, index))
    const parents = effectiveParents(categories)
    this.categoryClosure = categories.map((category) => {
      const chain: Array<number> = []
      let current: CategoryId | null = category.id
      while (current !== null && chain.length <= categories.length) {
        const index = this.categoryIndex.get(current)
        if (index === undefined) break
        chain.push(index)
        current = parents.get(current) ?? null
      }
      return Int32Array.from(chain)
    })
    this.categoryBits = categories.map(() => makeBitset(words))
  }

  add(slot: number, product: CatalogProduct): void {
    if (product.variants.some(isInStock)) setBit(this.inStock, slot)
    for (const shopId of product.enabled ? product.shopIds : []) setBit(bitsetOf(this.shops, shopId, this.words), slot)
    const tagIds = [...new Set(product.tags)].map((tag) => this.tags.idFor(tag, this.words))
    for (const id of tagIds) setBit(this.tags.bitsOf(id), slot)
    this.slotTags.set(slot, tagIds)

    const valueIds: Array<number> = []
    for (const [key, attribute] of Object.entries(product.attributes ?? {})) {
      const keyId = this.attributeKeyNames.idFor(key, 0)
      const before = this.attributeValues.names.length
      const valueId = this.attributeValues.idFor(attributeValueName(key, attribute.value), this.words)
      if (valueId === before) {
        this.attributeKeys[valueId] = keyId
        this.attributeValueNames[valueId] = attribute.value
        const ofKey = this.valueIdsByKey[keyId] ?? (this.valueIdsByKey[keyId] = [])
        this.attributeValuePlace[valueId] = ofKey.length
        ofKey.push(valueId)
      }
      setBit(this.attributeValues.bitsOf(valueId), slot)
      valueIds.push(valueId)
    }
    this.slotAttributeValues.set(slot, valueIds)

    const closure = new Set<number>()
    for (const categoryId of product.categoryIds) {
      const index = this.categoryIndex.get(categoryId)
      if (index !== undefined) for (const ancestor of this.categoryClosure[index]!) closure.add(ancestor)
    }
    for (const index of closure) setBit(this.categoryBits[index]!, slot)
    this.slotCategories.set(slot, [...closure])
  }

  /** The value ids of an attribute key, ascending. */
  attributeValueIdsOfKey(keyId: number): ReadonlyArray<number> {
    return this.valueIdsByKey[keyId] ?? []
  }

  remove(slot: number): void {
    clearBit(this.inStock, slot)
    // shops are few: clearing the slot in each is cheaper than remembering the slot's shops
    for (const bits of this.shops.values()) clearBit(bits, slot)
    const clearListed = (lists: SlotIntLists, bitsOf: (id: number) => Bitset): void => {
      const { values, offsets, lengths } = lists
      const start = offsets[slot]!
      for (let index = start; index < start + lengths[slot]!; index++) clearBit(bitsOf(values[index]!), slot)
    }
    clearListed(this.slotTags, (id) => this.tags.bitsOf(id))
    clearListed(this.slotAttributeValues, (id) => this.attributeValues.bitsOf(id))
    clearListed(this.slotCategories, (id) => this.categoryBits[id]!)
  }

  grow(words: number): void {
    this.inStock = resized(this.inStock, words)
    for (const [shopId, bits] of this.shops) this.shops.set(shopId, resized(bits, words))
    this.tags.grow(words)
    this.attributeValues.grow(words)
    this.categoryBits = this.categoryBits.map((bits) => resized(bits, words))
    this.words = words
  }

  /** A copy on shared memory, for `fromShared` in another thread. */
  toShared(): SharedMemberships {
    const words = this.words
    return {
      words,
      inStock: sharedCopy(this.inStock),
      shopIds: toByteColumn([...this.shops.keys()]),
      shops: packBitsets([...this.shops.values()], words),
      tags: this.tags.toShared(words),
      attributeKeyNames: this.attributeKeyNames.toShared(0),
      attributeKeys: sharedCopy(Int32Array.from(this.attributeKeys)),
      attributeValues: this.attributeValues.toShared(words),
      attributeValueNames: toByteColumn(this.attributeValueNames),
      valueIdsByKey: this.valueIdsByKey.map((ids) => ids.slice()),
      attributeValuePlace: sharedCopy(Int32Array.from(this.attributeValuePlace)),
      categoryBits: packBitsets(this.categoryBits, words),
      slotTags: this.slotTags.toShared(),
      slotAttributeValues: this.slotAttributeValues.toShared(),
      slotCategories: this.slotCategories.toShared()
    }
  }

  /** Memberships that read the shared ones in place (never to be written). */
  static fromShared(categories: ReadonlyArray<CategoryRecord>, shared: SharedMemberships): SlotMemberships {
    const memberships = new SlotMemberships(categories, 0)
    const { words } = shared
    const shopIds = fromByteColumn(shared.shopIds)
    const shopBits = unpackBitsets(shared.shops, shopIds.length, words)
    return Object.assign(memberships, {
      words,
      inStock: shared.inStock,
      shops: new Map(shopIds.map((shopId, index) => [shopId, shopBits[index]!])),
      tags: ValueDictionary.fromShared(shared.tags),
      attributeKeyNames: ValueDictionary.fromShared(shared.attributeKeyNames),
      attributeKeys: Array.from(shared.attributeKeys),
      attributeValues: ValueDictionary.fromShared(shared.attributeValues),
      attributeValueNames: fromByteColumn(shared.attributeValueNames),
      valueIdsByKey: shared.valueIdsByKey.map((ids) => ids.slice()),
      attributeValuePlace: Array.from(shared.attributeValuePlace),
      categoryBits: unpackBitsets(shared.categoryBits, categories.length, words),
      slotTags: SlotIntLists.fromShared(shared.slotTags),
      slotAttributeValues: SlotIntLists.fromShared(shared.slotAttributeValues),
      slotCategories: SlotIntLists.fromShared(shared.slotCategories)
    })
  }

  /** Products enabled in at least one of the given shops (a new set). */
  visibleIn(shopIds: ReadonlyArray<ShopId>): Bitset {
    const bits = makeBitset(this.words)
    for (const shopId of shopIds) {
      const shopBits = this.shops.get(shopId)
      if (shopBits !== undefined) unionInto(bits, shopBits)
    }
    return bits
  }
}
