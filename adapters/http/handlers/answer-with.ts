/** A use case's errors answered as the route's problems, read from the route's table (problems/). */
import { Effect } from "effect"
import type { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"
import { type ErrorOf, problemOf, type ProblemOf } from "../problems/problem-table.ts"

/** Each error as its problem; a store outage goes on as it is (the API answers it: api/store-outage.ts). */
export const answerWith = <T extends object>(table: T) => {
  const toProblem = problemOf(table)
  return <A, E extends ErrorOf<T>, R>(
    effect: Effect.Effect<A, E | StoreUnavailable, R>
  ): Effect.Effect<A, ProblemOf<T> | StoreUnavailable, R> =>
    Effect.mapError(effect, (error) => isStoreUnavailable(error) ? error : toProblem(error))
}

const isStoreUnavailable = (error: { readonly _tag: string }): error is StoreUnavailable =>
  error._tag === "StoreUnavailable"
