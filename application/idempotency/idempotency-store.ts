/**
 * Port: the Idempotency-Key records (docs/contract/cart.md), in the store so that every instance sees them.
 * A record is claimed by one attempt (`owner`) while it runs, then holds that attempt's response
 * until `retainUntil`. A claim whose lease ran out (its process died) or whose retention ended
 * may be taken over by a new attempt.
 * Adapters: adapters/postgres/postgres-idempotency-store.ts, adapters/memory/memory-idempotency-store.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { RecordedResponse } from "./recorded-response.ts"

export interface IdempotencyClaim {
  /** Who may reuse a key: the operation, the publishable key and the customer (a key is only theirs). */
  readonly scope: string
  readonly key: string
  /** Identifies the request (method, path, body): the same key with another request is a misuse. */
  readonly fingerprint: string
  /** Identifies this attempt. */
  readonly owner: string
  readonly now: Date
  /** Until when this attempt holds the key without finishing. */
  readonly leaseUntil: Date
  /** Until when the recorded response is replayed. */
  readonly retainUntil: Date
}

export type ClaimOutcome =
  /** This attempt holds the key and should do the work. */
  | { readonly _tag: "Claimed" }
  /** An earlier attempt with the same request finished: send its response again. */
  | { readonly _tag: "Finished"; readonly response: RecordedResponse }
  /** An earlier attempt with the same request is still running. */
  | { readonly _tag: "Running" }
  /** The key was used for a different request. */
  | { readonly _tag: "Mismatch" }

export class IdempotencyStore extends Context.Service<IdempotencyStore, {
  readonly claim: (claim: IdempotencyClaim) => Effect.Effect<ClaimOutcome, StoreUnavailable>
  /**
   * Records the response of the attempt that holds the key (call it inside the unit of work that
   * did the work, so both commit together). `false` when the attempt no longer holds the key.
   */
  readonly finish: (
    claim: Pick<IdempotencyClaim, "scope" | "key" | "owner">,
    response: RecordedResponse
  ) => Effect.Effect<boolean, StoreUnavailable>
  /** Gives the key up after a failed attempt, so that the request can be retried with it. */
  readonly release: (claim: Pick<IdempotencyClaim, "scope" | "key" | "owner">) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/IdempotencyStore") {}
