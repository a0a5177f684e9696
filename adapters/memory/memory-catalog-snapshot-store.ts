/**
 * CatalogSnapshotStore in memory (tests, library users): snapshots copied into pieces of 1 MiB,
 * the newest per format kept; one builder at a time within the store (a semaphore).
 */
import { Effect, Layer, Option, Semaphore } from "effect"
import { CatalogSnapshotStore, type StoredSnapshot } from "../../application/catalog/catalog-snapshot-store.ts"

const PIECE_BYTES = 1024 * 1024

export const make = (): CatalogSnapshotStore["Service"] => {
  const stored = new Map<string, { readonly snapshot: StoredSnapshot; readonly pieces: ReadonlyArray<Uint8Array> }>()
  let nextId = 1
  const builder = Semaphore.makeUnsafe(1)
  return CatalogSnapshotStore.of({
    oneBuilder: (build) => builder.withPermits(1)(build),
    latest: (format) =>
      Effect.sync(() => Option.fromNullishOr([...stored.values()].findLast((entry) => entry.snapshot.format === format)?.snapshot)),
    piece: (id, index) => Effect.sync(() => Option.fromNullishOr(stored.get(id)?.pieces[index])),
    save: (description, parts) =>
      Effect.sync(() => {
        const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
        let at = 0
        for (const part of parts) {
          all.set(part, at)
          at += part.length
        }
        const pieces: Array<Uint8Array> = []
        for (let from = 0; from < all.length; from += PIECE_BYTES) pieces.push(all.slice(from, from + PIECE_BYTES))
        const id = String(nextId++)
        for (const [other, entry] of stored) if (entry.snapshot.format === description.format) stored.delete(other)
        stored.set(id, { snapshot: { ...description, id, pieces: pieces.length, bytes: all.length }, pieces })
        return true
      })
  })
}

export const layer = Layer.sync(CatalogSnapshotStore, make)
