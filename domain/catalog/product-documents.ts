/**
 * The rendered JSON document of every product slot, kept through a DocumentCodec. With a
 * DocumentCodecTrainer the documents stay as they are until there are enough of them to train
 * the codec on; from then on every document is stored encoded.
 *
 * The most recently read documents are also kept decoded, up to 16,384 of them (~30 MB at the
 * bench catalog's 1.8 KB a document): popular products are read again and again by slug and on
 * listing pages, and inflating one costs a zlib handle of its own. Distinct listings over 10,000
 * products answered 37-45 % more requests a second than with 256 kept; over 100,000, 3 % more.
 */
import {
  type DocumentCodec,
  type DocumentCodecDescription,
  type DocumentCodecTrainer,
  identityDocumentCodec,
  isDocumentCodecTrainer
} from "./document-codec.ts"
import { type ByteColumn, stringAt, toByteColumn, toByteColumnReusing } from "./shared-columns.ts"

/** The stored documents on shared memory, and the codec they were stored through (none: as they are). */
export interface SharedDocuments {
  readonly stored: ByteColumn
  readonly codec: DocumentCodecDescription | undefined
}

const RECENTLY_READ_LIMIT = 16_384

export class ProductDocuments {
  private readonly stored: Array<string> = []
  /** where a reader in another thread finds the stored documents (then `stored` is unused) */
  private shared: ByteColumn | undefined
  /** the column last shared, and the slots written since: the next one copies the others' bytes */
  private sharedBefore: ByteColumn | undefined
  private readonly changedSinceShared = new Set<number>()
  /** decoded documents by slot, least recently read first */
  private readonly recentlyRead = new Map<number, string>()
  /** undefined while documents are collected as samples for the trainer */
  private codec: DocumentCodec | undefined
  private readonly trainer: DocumentCodecTrainer | undefined

  constructor(codec: DocumentCodec | DocumentCodecTrainer = identityDocumentCodec) {
    if (isDocumentCodecTrainer(codec)) {
      this.trainer = codec
      this.codec = undefined
    } else {
      this.trainer = undefined
      this.codec = codec
    }
  }

  /** Whether documents are stored encoded yet (false while samples are collected). */
  get encoding(): boolean {
    return this.codec !== undefined
  }

  /** The first `count` stored documents on shared memory, for `fromShared` in another thread. */
  toShared(count: number): SharedDocuments {
    const codec = this.codec === identityDocumentCodec ? undefined : this.codec
    if (codec !== undefined && codec.description === undefined) throw new Error("this document codec cannot be shared")
    const encoding = codec === undefined ? "utf8" : "latin1"
    const before = this.sharedBefore
    const stored = before !== undefined && before.encoding === encoding
      ? toByteColumnReusing(before, this.changedSinceShared, this.stored, count)
      : toByteColumn(this.stored, count, encoding)
    this.sharedBefore = stored
    this.changedSinceShared.clear()
    return { stored, codec: codec?.description }
  }

  /** Documents read in place from shared memory (never to be written); `codec` made from the description. */
  static fromShared(shared: SharedDocuments, codec: DocumentCodec | undefined): ProductDocuments {
    const documents = new ProductDocuments(codec ?? identityDocumentCodec)
    documents.shared = shared.stored
    return documents
  }

  set(slot: number, json: string): void {
    if (this.shared !== undefined) throw new Error("shared documents are read-only")
    if (this.sharedBefore !== undefined) this.changedSinceShared.add(slot)
    this.recentlyRead.delete(slot)
    if (this.codec !== undefined) {
      this.stored[slot] = this.codec.encode(json)
      return
    }
    this.stored[slot] = json
    if (this.trainer !== undefined && this.stored.length >= this.trainer.sampleSize) this.train(this.trainer)
  }

  get(slot: number): string | undefined {
    const stored = this.shared === undefined
      ? this.stored[slot]
      : slot < this.shared.offsets.length - 1 ? stringAt(this.shared, slot) : undefined
    if (stored === undefined || this.codec === undefined || this.codec === identityDocumentCodec) return stored
    const recent = this.recentlyRead.get(slot)
    if (recent !== undefined) {
      this.recentlyRead.delete(slot)
      this.recentlyRead.set(slot, recent)
      return recent
    }
    const json = this.codec.decode(stored)
    if (this.recentlyRead.size >= RECENTLY_READ_LIMIT) {
      const leastRecent = this.recentlyRead.keys().next()
      if (!leastRecent.done) this.recentlyRead.delete(leastRecent.value)
    }
    this.recentlyRead.set(slot, json)
    return json
  }

  private train(trainer: DocumentCodecTrainer): void {
    // every document is stored anew: nothing of a column shared before can be copied
    this.sharedBefore = undefined
    const codec = trainer.train(this.stored.slice())
    for (let slot = 0; slot < this.stored.length; slot++) {
      const json = this.stored[slot]
      if (json !== undefined) this.stored[slot] = codec.encode(json)
    }
    this.codec = codec
  }
}
