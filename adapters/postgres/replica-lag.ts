/**
 * How far a streaming replica is behind its primary, in time, measured so that it holds when
 * the primary is idle as well as when the replica is stuck: each measurement reads the
 * primary's current WAL position and remembers when it did, then reads what the replica has
 * replayed. The lag is the age of the oldest remembered position the replica has not replayed
 * yet (0 once it has replayed them all). An idle primary's position does not move, so a replica
 * that has it is not lagging; a replica that stops replaying lags more with every second.
 * (The time since the replica last replayed a transaction would count an idle primary as lag,
 * and pg_stat_replication's replay_lag stops growing while the replica is stuck.)
 * `waitForReplay` waits until the replica has replayed what the primary has written so far.
 */
import { Clock, Duration, Effect, Schema } from "effect"
import type { SqlClient } from "effect/sql"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const PrimaryPosition = Schema.Struct({ lsn: Schema.String })
const ReplayState = Schema.Struct({ inRecovery: Schema.Boolean, replayed: Schema.NullOr(Schema.String) })

/** A WAL position (`16/B374D848`) as a number that orders like it. */
export const walPosition = (lsn: string): bigint => {
  const [high = "0", low = "0"] = lsn.split("/")
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/** One answer of the replica must come within this, or it counts as unreachable. */
const QUERY_TIMEOUT = Duration.seconds(2)
const REPLAY_POLL = Duration.millis(10)

export interface ReplicaLag {
  /**
   * Seconds behind the primary (to the precision of how often it is called); fails when the
   * replica does not answer or is not in recovery.
   */
  readonly measure: Effect.Effect<number, StoreUnavailable>
  /** Completes once the replica has replayed everything the primary has written so far (or fails after `within`). */
  readonly waitForReplay: (within: Duration.Duration) => Effect.Effect<void, StoreUnavailable>
}

const timedOut = (what: string) => () => Effect.fail(new StoreUnavailable({ reason: `${what} timed out` }))

export const makeReplicaLag = (primary: SqlClient.SqlClient, replica: SqlClient.SqlClient): ReplicaLag => {
  const primaryPosition = orStoreUnavailable(primary`SELECT pg_current_wal_lsn()::text AS lsn`).pipe(
    Effect.flatMap((rows) => Effect.orDie(Schema.decodeUnknownEffect(PrimaryPosition)(rows[0]))),
    Effect.map((row) => walPosition(row.lsn)),
    Effect.timeoutOrElse({ duration: QUERY_TIMEOUT, orElse: timedOut("the primary's WAL position") })
  )

  const replayedPosition = orStoreUnavailable(replica`
    SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replayed`).pipe(
    Effect.flatMap((rows) => Effect.orDie(Schema.decodeUnknownEffect(ReplayState)(rows[0]))),
    Effect.timeoutOrElse({ duration: QUERY_TIMEOUT, orElse: timedOut("the replica's replay position") }),
    Effect.flatMap((state) =>
      state.inRecovery && state.replayed !== null
        ? Effect.succeed(walPosition(state.replayed))
        : Effect.fail(new StoreUnavailable({ reason: "the replica is not in recovery" }))
    )
  )

  /** The primary's positions as measured, oldest first, that the replica had not replayed at the last measure. */
  let unreplayed: Array<{ readonly at: number; readonly position: bigint }> = []
  const measure = Effect.gen(function*() {
    const at = yield* Clock.currentTimeMillis
    const position = yield* primaryPosition
    const replayed = yield* replayedPosition
    unreplayed = [...unreplayed, { at, position }].filter((sample) => sample.position > replayed)
    const oldest = unreplayed[0]
    return oldest === undefined ? 0 : Math.max(0, (yield* Clock.currentTimeMillis) - oldest.at) / 1000
  })

  const waitForReplay = (within: Duration.Duration) =>
    Effect.gen(function*() {
      const position = yield* primaryPosition
      while ((yield* replayedPosition) < position) yield* Effect.sleep(REPLAY_POLL)
    }).pipe(Effect.timeoutOrElse({ duration: within, orElse: timedOut("waiting for the replica") }))

  return { measure, waitForReplay }
}
