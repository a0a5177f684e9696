/**
 * The rendered JSON document of every product slot, kept through a DocumentCodec. With a
 * DocumentCodecTrainer the documents stay as they are until there are enough of them to train
 * the codec on; from then on every document is stored encoded.
 *
 * The most recently read documents are also kept decoded, up to 16,384 of them (~30 MB at the
 * bench catalog's 1.8 KB a document): popular products are read again and again by slug and on
 * listing pages, and decoding one costs a few microseconds. Distinct listings over 10,000
 * products answered 37-45 % more requests a second than with 256 kept; over 100,000, 3 % more.
 */
import {
  type DocumentCodec,
  type DocumentCodecDescription,
  type DocumentCodecTrainer,
  identityDocumentCodec,
  isDocumentCodecTrainer
} from "./document-codec.ts"
import { type ArenaSnapshot, DocumentArena } from "./document-arena.ts"
import { batchOf, dropOldest } from "./oldest-entries.ts"
import { type ByteColumn, fromByteColumn, stringAt, toByteColumn, toByteColumnReusing } from "./shared-columns.ts"

/** The stored documents on shared memory, and the codec they were stored through (none: as they are). */
export interface SharedDocuments {
  readonly stored: ByteColumn
  readonly codec: DocumentCodecDescription | undefined
}

/** The documents in a snapshot: as they are (no codec, or one not trained yet), or encoded with the codec described. */
export type DocumentsSnapshot =
  | { readonly kind: "plain"; readonly texts: ByteColumn }
  | { readonly kind: "encoded"; readonly codec: DocumentCodecDescription; readonly arena: ArenaSnapshot }

const RECENTLY_READ_LIMIT = 16_384
/** the least recently read dropped at once when the limit is reached (oldest-entries.ts) */
const RECENTLY_READ_DROPPED = batchOf(RECENTLY_READ_LIMIT)

export class ProductDocuments {
  /** the stored documents as strings: as they are, or encoded by a codec without a description */
  private readonly stored: Array<string> = []
  /** the stored documents' bytes, with a codec whose description says they are bytes (then `stored` is unused) */
  private arena: DocumentArena | undefined
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
      if (codec.description !== undefined) this.arena = new DocumentArena()
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
    if (codec !== undefined && this.arena !== undefined) return { stored: this.arena.toShared(count), codec: codec.description }
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

  /** The first `count` documents for a snapshot (encoded ones as the arena holds them, not copied). */
  snapshot(count: number): DocumentsSnapshot {
    const codec = this.codec
    if (codec === undefined || codec === identityDocumentCodec) return { kind: "plain", texts: toByteColumn(this.stored, count) }
    if (codec.description === undefined || this.arena === undefined) throw new Error("this document codec cannot be kept in a snapshot")
    return { kind: "encoded", codec: codec.description, arena: this.arena.snapshot() }
  }

  /**
   * Documents that go on from a snapshot: encoded ones with the codec `fromDescription` makes of
   * its description; plain ones stored anew through `codec` (a trainer trains as it would have).
   */
  static fromSnapshot(
    snapshot: DocumentsSnapshot,
    codec: DocumentCodec | DocumentCodecTrainer | undefined,
    fromDescription: (description: DocumentCodecDescription) => DocumentCodec
  ): ProductDocuments {
    if (snapshot.kind === "encoded") {
      const documents = new ProductDocuments(fromDescription(snapshot.codec))
      documents.arena = DocumentArena.fromSnapshot(snapshot.arena)
      return documents
    }
    const documents = new ProductDocuments(codec)
    fromByteColumn(snapshot.texts).forEach((json, slot) => documents.set(slot, json))
    return documents
  }

  set(slot: number, json: string): void {
    if (this.shared !== undefined) throw new Error("shared documents are read-only")
    if (this.sharedBefore !== undefined) this.changedSinceShared.add(slot)
    this.recentlyRead.delete(slot)
    if (this.codec !== undefined) {
      if (this.arena !== undefined) this.arena.set(slot, this.codec.encode(json))
      else this.stored[slot] = this.codec.encode(json)
      return
    }
    this.stored[slot] = json
    if (this.trainer !== undefined && this.stored.length >= this.trainer.sampleSize) this.train(this.trainer)
  }

  get(slot: number): string | undefined {
    const codec = this.codec
    if (codec === undefined || codec === identityDocumentCodec) {
      return this.shared === undefined ? this.stored[slot] : this.sharedString(this.shared, slot)
    }
    const recent = this.recentlyRead.get(slot)
    if (recent !== undefined) {
      this.recentlyRead.delete(slot)
      this.recentlyRead.set(slot, recent)
      return recent
    }
    const json = this.decodeStored(codec, slot)
    if (json === undefined) return undefined
    if (this.recentlyRead.size >= RECENTLY_READ_LIMIT) {
      let dropped = 0
      dropOldest(this.recentlyRead, () => ++dropped >= RECENTLY_READ_DROPPED)
    }
    this.recentlyRead.set(slot, json)
    return json
  }

  private decodeStored(codec: DocumentCodec, slot: number): string | undefined {
    const shared = this.shared
    const bytes = shared !== undefined
      ? slot < shared.offsets.length - 1 ? shared.bytes.subarray(shared.offsets[slot]!, shared.offsets[slot + 1]!) : undefined
      : this.arena?.bytesAt(slot)
    if (bytes !== undefined) return codec.decodeBytes?.(bytes) ?? codec.decode(latin1(bytes))
    if (shared !== undefined || this.arena !== undefined) return undefined
    const stored = this.stored[slot]
    return stored === undefined ? undefined : codec.decode(stored)
  }

  private sharedString(shared: ByteColumn, slot: number): string | undefined {
    return slot < shared.offsets.length - 1 ? stringAt(shared, slot) : undefined
  }

  private train(trainer: DocumentCodecTrainer): void {
    // every document is stored anew: nothing of a column shared before can be copied
    this.sharedBefore = undefined
    const codec = trainer.train(this.stored.slice())
    const arena = codec.description === undefined ? undefined : new DocumentArena()
    for (let slot = 0; slot < this.stored.length; slot++) {
      const json = this.stored[slot]
      if (json === undefined) continue
      if (arena !== undefined) arena.set(slot, codec.encode(json))
      else this.stored[slot] = codec.encode(json)
    }
    if (arena !== undefined) this.stored.length = 0
    this.arena = arena
    this.codec = codec
  }
}

const latin1 = (bytes: Uint8Array): string => {
  let text = ""
  for (let at = 0; at < bytes.length; at += 4096) text += String.fromCharCode(...bytes.subarray(at, at + 4096))
  return text
}
