/**
 * Handlers let a StoreUnavailable escape as a defect: it is not one of an endpoint's typed
 * errors, and the HTTP edge (middleware/http-edge.ts) answers it uniformly with 503
 * service_unavailable and Retry-After, whichever route hit the outage.
 */
import { Effect } from "effect"
import type { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"

export const unavailableAsDefect = <A, E, R>(
  effect: Effect.Effect<A, E | StoreUnavailable, R>
): Effect.Effect<A, Exclude<E, StoreUnavailable>, R> =>
  Effect.catchIf(
    effect,
    (error): error is StoreUnavailable =>
      typeof error === "object" && error !== null && "_tag" in error && error._tag === "StoreUnavailable",
    (error) => Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, StoreUnavailable>, R>
