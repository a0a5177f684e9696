/** The CatalogSnapshotStore contract on memory, PGlite and (with DATABASE_URL) PostgreSQL, and the PostgreSQL store's own rules. */
import { expect, layer, type Vitest } from "@effect/vitest"
import { Context, Effect, Layer, Option, Redacted, type Scope } from "effect"
import { SqlClient } from "effect/sql"
import { clientOptions } from "../../adapters/postgres/database-layer.ts"
import { ListenClient } from "../../adapters/postgres/listen-client.ts"
import * as MemoryCatalogSnapshotStore from "../../adapters/memory/memory-catalog-snapshot-store.ts"
import * as PostgresCatalogSnapshotStore from "../../adapters/postgres/postgres-catalog-snapshot-store.ts"
import { piecesOf } from "../../adapters/postgres/postgres-catalog-snapshot-store.ts"
import { CatalogSnapshotStore } from "../../application/catalog/catalog-snapshot-store.ts"
import { postgresLayer, testEngines } from "../support/test-database.ts"
import { catalogSnapshotStoreContract } from "./catalog-snapshot-store-contract.ts"

/**
 * One builder at a time: a second `oneBuilder` started while the first runs begins only once it
 * has ended (on PostgreSQL the two hold sessions of their own, as two processes would), and says
 * it is waiting.
 */
const oneBuilderAtATime = <R>(
  it: Vitest.MethodsNonLive<CatalogSnapshotStore | R>,
  other: Effect.Effect<CatalogSnapshotStore["Service"], never, CatalogSnapshotStore | R | Scope.Scope>,
  reportsWaiting: boolean
) =>
  it.effect("one builder at a time: a second waits until the first has ended", () =>
    Effect.scoped(Effect.gen(function*() {
      const store = yield* CatalogSnapshotStore
      const otherStore = yield* other
      const events: Array<string> = []
      const waited: Array<number> = []
      const note = (event: string) => Effect.sync(() => void events.push(event))
      const first = store.oneBuilder(Effect.andThen(note("first in"), Effect.andThen(Effect.sleep("1500 millis"), note("first out"))), () => Effect.void)
      const second = Effect.andThen(
        Effect.sleep("300 millis"),
        otherStore.oneBuilder(note("second in"), (millis) => Effect.sync(() => void waited.push(millis)))
      )
      yield* Effect.all([first, second], { concurrency: "unbounded" })
      expect(events).toEqual(["first in", "first out", "second in"])
      if (reportsWaiting) expect(waited.length).toBeGreaterThan(0)
    })), 30_000)

layer(MemoryCatalogSnapshotStore.layer, { excludeTestServices: true })("memory", (it) => {
  catalogSnapshotStoreContract(it)
  oneBuilderAtATime(it, Effect.service(CatalogSnapshotStore), false)
})

const databaseUrl = process.env["DATABASE_URL"]
if (databaseUrl !== undefined && databaseUrl !== "") {
  // the builder's lock on sessions of their own (ListenClient), as the server composes the store;
  // the second builder is another store with its own sessions, as another process would be
  const sessions = () => ListenClient.layer(clientOptions({ url: Redacted.make(databaseUrl), embedded: false, maxConnections: 2 }))
  const store = PostgresCatalogSnapshotStore.layer.pipe(Layer.provide(sessions()), Layer.provideMerge(postgresLayer(databaseUrl)))
  const otherProcess = Effect.map(
    Layer.build(Layer.fresh(PostgresCatalogSnapshotStore.layer.pipe(Layer.provide(Layer.fresh(sessions()))))),
    (context) => Context.get(context, CatalogSnapshotStore)
  ).pipe(Effect.orDie)
  layer(store, { excludeTestServices: true, timeout: 60_000 })("postgres builder lock", (it) => oneBuilderAtATime(it, otherProcess, true))
}

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
