/**
 * Port: emailed password-reset tokens (domain/auth/reset-token.ts), stored by hash only.
 * Adapters: adapters/postgres/postgres-reset-token-repository.ts,
 * adapters/memory/memory-reset-token-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { ResetToken } from "../../domain/auth/reset-token.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"

export class ResetTokenRepository extends Context.Service<ResetTokenRepository, {
  readonly insert: (token: ResetToken) => Effect.Effect<void, StoreUnavailable>
  /** Inside a transaction the token stays locked until it ends, so it is redeemed at most once. */
  readonly findByTokenHashForUpdate: (tokenHash: string) => Effect.Effect<Option.Option<ResetToken>, StoreUnavailable>
  /** Stores the token's new state (used, voided). */
  readonly update: (token: ResetToken) => Effect.Effect<void, StoreUnavailable>
  /** Voids every pending token of the customer (`voidResetToken` on each). */
  readonly voidAllOfCustomer: (customerId: CustomerId, now: Date) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/ResetTokenRepository") {}
