/**
 * CatalogSnapshotStore in `catalog_snapshots` and `catalog_snapshot_pieces` (migration 0013).
 * The bytes go in pieces of at most 8 MiB, one statement each; the snapshot row is claimed
 * first (one incomplete snapshot at a time: a claim older than 30 minutes is a crashed writer's
 * and is removed) and marked complete last, then the older snapshots of its format go (and those
 * of other formats a day old: instances of the previous release may still read theirs during a
 * rolling deploy).
 *
 * One builder at a time (`oneBuilder`): a session-level advisory lock on a session of its own
 * (listen-client.ts; the embedded database, one process, needs none), tried every second so the
 * waiting is reported; it goes with its session if the builder dies.
 */
import { Duration, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { CatalogSnapshotStore, type StoredSnapshot } from "../../application/catalog/catalog-snapshot-store.ts"
import { ListenClient } from "./listen-client.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

/** The advisory lock key of the catalog index's builder: one per schema (deployments sharing a database keep theirs apart). */
const BUILDER_LOCK = "hashtext('storefront_catalog_builder:' || current_schema())"
const BUILDER_RETRY = Duration.seconds(1)

const PIECE_BYTES = 8 * 1024 * 1024

/** The parts regrouped into pieces of at most PIECE_BYTES (a large part is cut, small ones joined). */
export const piecesOf = function*(parts: ReadonlyArray<Uint8Array>, pieceBytes = PIECE_BYTES): Generator<Uint8Array> {
  let gathered: Array<Uint8Array> = []
  let size = 0
  for (const part of parts) {
    for (let at = 0; at < part.length;) {
      const taken = part.subarray(at, at + pieceBytes - size)
      gathered.push(taken)
      size += taken.length
      at += taken.length
      if (size === pieceBytes) {
        yield Buffer.concat(gathered)
        gathered = []
        size = 0
      }
    }
  }
  if (size > 0) yield Buffer.concat(gathered)
}

/** Column names come back in camel case (database-layer.ts). */
const SnapshotRow = Schema.Struct({
  id: Schema.String,
  format: Schema.String,
  referenceKey: Schema.String,
  changeCursor: Schema.String,
  products: Schema.Number,
  pieces: Schema.Number,
  bytes: Schema.String
})

/** The store over the SqlClient in context (the primary; a replica's for reading only). */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const sessions = yield* Effect.serviceOption(ListenClient)

  /** Holds the builder's lock on a session of its own for the scope. */
  const builderTurn = (session: SqlClient.SqlClient, waiting: (waitedMillis: number) => Effect.Effect<void>) =>
    Effect.gen(function*() {
      const connection = yield* orStoreUnavailable(session.reserve)
      const started = Date.now()
      while (true) {
        const [row] = yield* orStoreUnavailable(
          connection.execute(`SELECT pg_try_advisory_lock(${BUILDER_LOCK}) AS locked`, [], undefined)
        )
        if (row?.locked === true) break
        yield* waiting(Date.now() - started)
        yield* Effect.sleep(BUILDER_RETRY)
      }
      yield* Effect.addFinalizer(() =>
        Effect.ignore(connection.execute(`SELECT pg_advisory_unlock(${BUILDER_LOCK})`, [], undefined)))
    })
  const latestRow = findOne({
    Request: Schema.String,
    Result: SnapshotRow,
    execute: (format) =>
      sql`SELECT id::text, format, reference_key, change_cursor, products, pieces, bytes::text
          FROM catalog_snapshots WHERE complete AND format = ${format} ORDER BY id DESC LIMIT 1`
  })
  const pieceRow = findOne({
    Request: Schema.Struct({ id: Schema.String, index: Schema.Number }),
    Result: Schema.Struct({ bytes: Schema.instanceOf(Uint8Array) }),
    execute: ({ id, index }) => sql`SELECT bytes FROM catalog_snapshot_pieces WHERE snapshot_id = ${id}::bigint AND piece = ${index}`
  })
  const claimRow = findOne({
    Request: Schema.Struct({ format: Schema.String, referenceKey: Schema.String, cursor: Schema.String, products: Schema.Number }),
    Result: Schema.Struct({ id: Schema.String }),
    execute: ({ cursor, format, products, referenceKey }) =>
      sql`INSERT INTO catalog_snapshots (format, reference_key, change_cursor, products)
          VALUES (${format}, ${referenceKey}, ${cursor}, ${products})
          ON CONFLICT ((true)) WHERE NOT complete DO NOTHING
          RETURNING id::text`
  })

  const writePieces = (id: string, parts: ReadonlyArray<Uint8Array>) =>
    Effect.gen(function*() {
      let pieces = 0
      let bytes = 0
      for (const piece of piecesOf(parts)) {
        yield* orStoreUnavailable(sql`INSERT INTO catalog_snapshot_pieces (snapshot_id, piece, bytes) VALUES (${id}::bigint, ${pieces}, ${piece})`)
        pieces++
        bytes += piece.length
      }
      yield* orStoreUnavailable(sql`UPDATE catalog_snapshots SET complete = true, pieces = ${pieces}, bytes = ${bytes},
        completed_at = now() WHERE id = ${id}::bigint`)
    })

  return CatalogSnapshotStore.of({
    oneBuilder: (build, waiting) =>
      Option.isNone(sessions) ? build : Effect.scoped(Effect.andThen(builderTurn(sessions.value, waiting), build)),
    latest: (format) =>
      Effect.map(latestRow(format), Option.map((row): StoredSnapshot => ({
        id: row.id,
        format: row.format,
        referenceKey: row.referenceKey,
        cursor: row.changeCursor,
        products: row.products,
        pieces: row.pieces,
        bytes: Number(row.bytes)
      }))),
    piece: (id, index) => Effect.map(pieceRow({ id, index }), Option.map((row) => row.bytes)),
    save: (description, parts) =>
      Effect.gen(function*() {
        yield* orStoreUnavailable(sql`DELETE FROM catalog_snapshots WHERE NOT complete AND started_at < now() - interval '30 minutes'`)
        const claimed = yield* claimRow(description)
        if (Option.isNone(claimed)) return false
        const id = claimed.value.id
        yield* writePieces(id, parts).pipe(
          // the claim is given up on any failure (a crash leaves it to expire)
          Effect.onError(() => Effect.ignore(orStoreUnavailable(sql`DELETE FROM catalog_snapshots WHERE id = ${id}::bigint`)))
        )
        yield* orStoreUnavailable(sql`DELETE FROM catalog_snapshots WHERE complete AND id < ${id}::bigint
          AND (format = ${description.format} OR completed_at < now() - interval '1 day')`)
        return true
      })
  })
})

export const layer = Layer.effect(CatalogSnapshotStore, make)
