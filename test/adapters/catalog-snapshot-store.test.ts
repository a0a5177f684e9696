/** The CatalogSnapshotStore contract on memory, PGlite and (with DATABASE_URL) PostgreSQL, and the PostgreSQL store's own rules. */
import { expect, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as MemoryCatalogSnapshotStore from "../../adapters/memory/memory-catalog-snapshot-store.ts"
import * as PostgresCatalogSnapshotStore from "../../adapters/postgres/postgres-catalog-snapshot-store.ts"
import { piecesOf } from "../../adapters/postgres/postgres-catalog-snapshot-store.ts"
import { CatalogSnapshotStore } from "../../application/catalog/catalog-snapshot-store.ts"
import { testEngines } from "../support/test-database.ts"
import { catalogSnapshotStoreContract } from "./catalog-snapshot-store-contract.ts"

layer(MemoryCatalogSnapshotStore.layer, { excludeTestServices: true })("memory", (it) => catalogSnapshotStoreContract(it))

for (const engine of testEngines()) {
  const store = PostgresCatalogSnapshotStore.layer.pipe(Layer.provideMerge(engine.layer))
  layer(store, { excludeTestServices: true, timeout: 60_000 })(engine.name, (it) => {
    catalogSnapshotStoreContract(it)

    it.effect("one writer at a time: a save while another's claim is fresh stores nothing; a stale claim is taken over", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const snapshots = yield* CatalogSnapshotStore
        const format = `writer_${Date.now()}`
        yield* sql`INSERT INTO catalog_snapshots (format, reference_key, change_cursor, products) VALUES ('held', 'k', '1:1:', 1)`
        expect(yield* snapshots.save({ format, referenceKey: "k", cursor: "1:1:", products: 1 }, [new Uint8Array(4)])).toBe(false)
        expect(yield* snapshots.latest(format)).toEqual(Option.none())
        yield* sql`UPDATE catalog_snapshots SET started_at = now() - interval '31 minutes' WHERE NOT complete`
        expect(yield* snapshots.save({ format, referenceKey: "k", cursor: "1:1:", products: 1 }, [new Uint8Array(4)])).toBe(true)
        expect(Option.isSome(yield* snapshots.latest(format))).toBe(true)
        const incomplete = yield* sql<{ count: string }>`SELECT count(*)::text AS count FROM catalog_snapshots WHERE NOT complete`
        expect(incomplete[0]?.count).toBe("0")
      }))
  })
}

layer(Layer.empty)("piecesOf", (it) => {
  it("cuts large parts and joins small ones into pieces of the size asked, in order", () => {
    const parts = [Uint8Array.of(1, 2, 3), new Uint8Array(0), Uint8Array.of(4), Uint8Array.of(5, 6, 7, 8, 9, 10, 11)]
    const pieces = [...piecesOf(parts, 4)]
    expect(pieces.map((piece) => [...piece])).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]])
  })
})
