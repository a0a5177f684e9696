/**
 * The contract of every CatalogSnapshotStore (memory, PGlite, PostgreSQL): a stored snapshot
 * comes back byte for byte in its pieces, with what it was made over; the newest of a format is
 * the one found, and storing it removes the older; a piece of a replaced snapshot is none.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CatalogSnapshotStore, type SnapshotDescription } from "../../application/catalog/catalog-snapshot-store.ts"
import { uniqueSuffix } from "./account-store-fixtures.ts"

const bytes = (length: number, seed: number): Uint8Array => Uint8Array.from({ length }, (_, at) => (at * 31 + seed) & 0xff)

const readAll = (id: string, pieces: number) =>
  Effect.gen(function*() {
    const store = yield* CatalogSnapshotStore
    const read: Array<Uint8Array> = []
    for (let index = 0; index < pieces; index++) read.push(Option.getOrThrow(yield* store.piece(id, index)))
    return Buffer.concat(read)
  })

export const catalogSnapshotStoreContract = (it: Vitest.MethodsNonLive<CatalogSnapshotStore>) =>
  describe("CatalogSnapshotStore contract", () => {
    it.effect("a snapshot comes back byte for byte, with what it was made over", () =>
      Effect.gen(function*() {
        const store = yield* CatalogSnapshotStore
        const format = `format_${uniqueSuffix()}`
        expect(yield* store.latest(format)).toEqual(Option.none())
        // parts of every size: empty, small, and larger than a piece (several MiB)
        const parts = [bytes(0, 1), bytes(13, 2), bytes(9 * 1024 * 1024 + 7, 3), bytes(5, 4)]
        const description: SnapshotDescription = { format, referenceKey: "{\"categories\":[]}", cursor: "123:456:", products: 42 }
        expect(yield* store.save(description, parts)).toBe(true)
        const stored = Option.getOrThrow(yield* store.latest(format))
        expect(stored).toMatchObject({ ...description, bytes: 9 * 1024 * 1024 + 25 })
        expect(stored.pieces).toBeGreaterThan(1)
        expect(Buffer.compare(yield* readAll(stored.id, stored.pieces), Buffer.concat(parts))).toBe(0)
        expect(yield* store.piece(stored.id, stored.pieces)).toEqual(Option.none())
      }))

    it.effect("the newest snapshot of a format is found; storing it removes the older", () =>
      Effect.gen(function*() {
        const store = yield* CatalogSnapshotStore
        const format = `format_${uniqueSuffix()}`
        const other = `other_${uniqueSuffix()}`
        const describe = (cursor: string, f = format) => ({ format: f, referenceKey: "k", cursor, products: 1 })
        yield* store.save(describe("1:1:"), [bytes(10, 1)])
        const first = Option.getOrThrow(yield* store.latest(format))
        yield* store.save(describe("9:9:", other), [bytes(10, 2)])
        yield* store.save(describe("2:2:"), [bytes(20, 3)])
        const second = Option.getOrThrow(yield* store.latest(format))
        expect(second.cursor).toBe("2:2:")
        expect(Buffer.compare(yield* readAll(second.id, second.pieces), Buffer.from(bytes(20, 3)))).toBe(0)
        expect(yield* store.piece(first.id, 0)).toEqual(Option.none())
        // another format's snapshot stays
        expect(Option.getOrThrow(yield* store.latest(other)).cursor).toBe("9:9:")
      }))
  })
