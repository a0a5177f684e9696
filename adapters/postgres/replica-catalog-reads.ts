/**
 * The catalog read from a streaming replica (DATABASE_REPLICA_URL); carts, orders, accounts and
 * every write stay on the primary. Provides the CatalogSource, the CatalogChangeFeed and
 * ReplicaHealth.
 *
 * - A supervised loop measures the replica's lag every second (replica-lag.ts).
 * - Within REPLICA_MAX_LAG_SECONDS the read model reads from the replica. Past it, or while the
 *   replica does not answer, it reads from the primary, so the catalog (prices, stock, revoked
 *   keys) never falls further behind than the bound; the instance stays ready and /ready says
 *   where it reads. It goes back to the replica once the replica has replayed everything the
 *   primary had when the switch back was decided, so that no refresh reads older rows than the
 *   one before it.
 * - Which server a refresh reads is decided when it takes its cursor, and all its reads go there:
 *   a cursor of the primary's used on a replica that is behind would skip the changes between.
 * - The change feed listens on the primary (a replica cannot LISTEN) and, while reading from the
 *   replica, passes a change on once the replica has replayed it, so the refresh it triggers
 *   sees it.
 * - Index snapshots (the CatalogSnapshotStore): which one to read is the primary's answer (the
 *   replica may not have replayed the newest yet), and its pieces, the bulk of a start's reading,
 *   come from the replica while it streams, from the primary where the replica does not have a
 *   piece or does not answer. Snapshots are written on the primary.
 */
import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Option, Queue, type Redacted } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient } from "effect/sql"
import { CatalogChangeFeed } from "../../application/catalog/catalog-change-feed.ts"
import { CatalogSnapshotStore } from "../../application/catalog/catalog-snapshot-store.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import { BackgroundLoops, makeBackgroundLoops } from "../../application/shared/background-loops.ts"
import { ReplicaHealth, type ReplicaStatus } from "../../application/shared/replica-health.ts"
import { clientOptions } from "./database-layer.ts"
import { makePostgresCatalogChangeFeed } from "./postgres-catalog-change-feed.ts"
import * as PostgresCatalogSnapshotStore from "./postgres-catalog-snapshot-store.ts"
import { makePostgresCatalogSource } from "./postgres-catalog-source.ts"
import { makeReplicaLag } from "./replica-lag.ts"

export interface ReplicaReadsOptions {
  readonly replicaUrl: Redacted.Redacted
  readonly maxLagSeconds: number
  readonly maxConnections: number
}

const MEASURE_EVERY = Duration.seconds(1)
/** How long a switch back to the replica waits for it to replay what the primary has. */
const SWITCH_BACK_WITHIN = Duration.seconds(1)

export const layer = (options: ReplicaReadsOptions) =>
  Layer.effectContext(Effect.gen(function*() {
    const primarySql = yield* SqlClient.SqlClient
    const replicaSql = yield* PgClient.make(clientOptions({
      url: options.replicaUrl,
      embedded: false,
      maxConnections: options.maxConnections
    })).pipe(Effect.provide(Reactivity.layer))
    const primarySource = yield* makePostgresCatalogSource
    const replicaSource = yield* makePostgresCatalogSource.pipe(Effect.provideService(SqlClient.SqlClient, replicaSql))
    const primaryFeed = yield* makePostgresCatalogChangeFeed
    const primarySnapshots = yield* PostgresCatalogSnapshotStore.make
    const replicaSnapshots = yield* PostgresCatalogSnapshotStore.make.pipe(Effect.provideService(SqlClient.SqlClient, replicaSql))
    const lag = makeReplicaLag(primarySql, replicaSql)

    let measured: Pick<ReplicaStatus, "state" | "lagSeconds"> = { state: "unreachable", lagSeconds: null }
    let readingFrom: ReplicaStatus["readingFrom"] = "primary"

    const measure = lag.measure.pipe(
      Effect.map((seconds) => ({ state: seconds <= options.maxLagSeconds ? "streaming" as const : "lagging" as const, lagSeconds: seconds })),
      Effect.catch(() => Effect.succeed({ state: "unreachable" as const, lagSeconds: null })),
      Effect.flatMap((next) => {
        const changed = next.state !== measured.state
        measured = next
        if (!changed) return Effect.void
        const note = { state: next.state, lagSeconds: next.lagSeconds, maxLagSeconds: options.maxLagSeconds }
        return (next.state === "streaming" ? Effect.logInfo("catalog replica streaming") : Effect.logWarning("catalog replica not usable: the catalog reads from the primary"))
          .pipe(Effect.annotateLogs(note))
      })
    )
    // the first measure before the first (largest) load, so that it goes to the replica when it can
    yield* measure
    const loops = Option.getOrElse(yield* Effect.serviceOption(BackgroundLoops), makeBackgroundLoops)
    yield* loops.supervise("replica-lag", ({ healthy }) =>
      Effect.forever(measure.pipe(Effect.andThen(healthy), Effect.andThen(Effect.sleep(MEASURE_EVERY)))))

    /** Where the next refresh reads: the replica while it streams (once it has what the primary had), else the primary. */
    const chooseServer = Effect.gen(function*() {
      if (measured.state !== "streaming") return "primary" as const
      if (readingFrom === "replica") return "replica" as const
      return yield* lag.waitForReplay(SWITCH_BACK_WITHIN).pipe(
        Effect.as("replica" as const),
        Effect.catch(() => Effect.succeed("primary" as const))
      )
    })
    const source = () => readingFrom === "replica" ? replicaSource : primarySource

    const routedSource = CatalogSource.of({
      currentCursor: Effect.gen(function*() {
        readingFrom = yield* chooseServer
        if (readingFrom === "primary") return yield* primarySource.currentCursor
        return yield* replicaSource.currentCursor.pipe(Effect.catch(() => {
          readingFrom = "primary"
          return primarySource.currentCursor
        }))
      }),
      loadReferenceData: Effect.suspend(() => source().loadReferenceData),
      referenceChangedSince: (cursor) => Effect.suspend(() => source().referenceChangedSince(cursor)),
      loadProducts: (page) => Effect.suspend(() => source().loadProducts(page))
    })

    const feed = CatalogChangeFeed.of({
      subscribe: Effect.gen(function*() {
        const notifications = yield* primaryFeed.subscribe
        const changes = yield* Queue.sliding<void, unknown>(1)
        const replayed = Effect.suspend(() =>
          readingFrom === "replica" ? Effect.ignore(lag.waitForReplay(Duration.seconds(options.maxLagSeconds))) : Effect.void
        )
        yield* Effect.forkScoped(
          Effect.forever(Queue.take(notifications).pipe(Effect.andThen(replayed), Effect.andThen(Queue.offer(changes, undefined)))).pipe(
            Effect.catchCause((cause) => Queue.failCause(changes, cause))
          )
        )
        return changes
      })
    })

    const snapshots = CatalogSnapshotStore.of({
      latest: primarySnapshots.latest,
      piece: (id, index) =>
        measured.state !== "streaming" ? primarySnapshots.piece(id, index) : replicaSnapshots.piece(id, index).pipe(
          Effect.catch(() => Effect.succeed(Option.none())),
          Effect.flatMap((piece) => Option.isSome(piece) ? Effect.succeed(piece) : primarySnapshots.piece(id, index))
        ),
      save: primarySnapshots.save,
      oneBuilder: primarySnapshots.oneBuilder
    })

    const health = ReplicaHealth.of({ status: Effect.sync(() => ({ ...measured, readingFrom })) })
    return Context.make(CatalogSource, routedSource).pipe(
      Context.add(CatalogChangeFeed, feed),
      Context.add(CatalogSnapshotStore, snapshots),
      Context.add(ReplicaHealth, health)
    )
  }))
