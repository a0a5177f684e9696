/**
 * Port: one-time-code verifications (domain/auth/verification.ts).
 * Adapters: adapters/postgres/postgres-verification-repository.ts,
 * adapters/memory/memory-verification-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Verification, VerificationPurpose } from "../../domain/auth/verification.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CustomerId, VerificationId } from "../../domain/shared/ids.ts"

export class VerificationRepository extends Context.Service<VerificationRepository, {
  readonly insert: (verification: Verification) => Effect.Effect<void, StoreUnavailable>
  /** Inside a transaction the verification stays locked until it ends (attempts are counted exactly). */
  readonly findByIdForUpdate: (id: VerificationId) => Effect.Effect<Option.Option<Verification>, StoreUnavailable>
  /** Stores the verification's new state (attempts left, consumed, voided). */
  readonly update: (verification: Verification) => Effect.Effect<void, StoreUnavailable>
  /** The verifications for this destination and purpose that are neither consumed nor voided. */
  readonly findOpenByDestination: (
    destination: string,
    purpose: VerificationPurpose
  ) => Effect.Effect<ReadonlyArray<Verification>, StoreUnavailable>
  /** Voids every live verification of the customer, any purpose (`voidVerification` on each). */
  readonly voidAllOfCustomer: (customerId: CustomerId, now: Date) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/VerificationRepository") {}
