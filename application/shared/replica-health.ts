/**
 * Port: the read replica the catalog is read from, when there is one (DATABASE_REPLICA_URL):
 * how far it is behind the primary and which of the two the catalog is read from now. Shown in
 * /ready and /metrics; an instance without a replica has no such service.
 * Adapter: adapters/postgres/replica-catalog-reads.ts.
 */
import { Context, type Effect } from "effect"

export interface ReplicaStatus {
  /**
   * streaming: within the allowed lag; lagging: further behind than that; unreachable: the
   * replica does not answer (or is not a replica).
   */
  readonly state: "streaming" | "lagging" | "unreachable"
  /** How far behind the primary the replica's replay is, in seconds (null while unreachable). */
  readonly lagSeconds: number | null
  /** Where the catalog read model reads: the replica, or the primary while the replica is not streaming. */
  readonly readingFrom: "replica" | "primary"
}

export class ReplicaHealth extends Context.Service<ReplicaHealth, {
  readonly status: Effect.Effect<ReplicaStatus>
}>()("storefront/ReplicaHealth") {}
