/**
 * Port: refresh-token sessions (domain/auth/session.ts). A session is found by any refresh-token
 * hash it ever handed out (the current one or a rotated one), which is what reuse detection
 * needs. Adapters: adapters/postgres/postgres-session-repository.ts,
 * adapters/memory/memory-session-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Session, SessionOrigin } from "../../domain/auth/session.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CustomerId, SessionId } from "../../domain/shared/ids.ts"

export class SessionRepository extends Context.Service<SessionRepository, {
  readonly insert: (session: Session) => Effect.Effect<void, StoreUnavailable>
  readonly findById: (id: SessionId) => Effect.Effect<Option.Option<Session>, StoreUnavailable>
  /**
   * The session that handed out this refresh-token hash. Inside a transaction the session stays
   * locked until it ends, so of N concurrent refreshes with one token exactly one sees it current.
   */
  readonly findByTokenHashForUpdate: (tokenHash: string) => Effect.Effect<Option.Option<Session>, StoreUnavailable>
  /**
   * Stores the session's new state (last use, revocation, current token, generation); hashes in
   * `rotatedTokenHashes` are kept as they were, and the current hash becomes findable.
   */
  readonly update: (session: Session) => Effect.Effect<void, StoreUnavailable>
  /**
   * Revokes every unrevoked session of the customer at `now` (`revokeSession` on each), or only
   * those opened in one of the `openedBy` ways (a pending registration's, registration-claim.ts).
   */
  readonly revokeAllOfCustomer: (
    customerId: CustomerId,
    now: Date,
    openedBy?: ReadonlyArray<SessionOrigin>
  ) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/SessionRepository") {}
