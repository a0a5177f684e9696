/** A use case's errors answered as the route's problems, read from the route's table (problems/). */
import { Effect } from "effect"
import type { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"
import { type ErrorOf, problemOf, type ProblemOf } from "../problems/problem-table.ts"
import { unavailableAsDefect } from "./unavailable-as-defect.ts"

/** Each error as its problem; a store outage escapes as a defect, which the HTTP edge answers 503. */
export const answerWith = <T extends object>(table: T) => {
  const toProblem = problemOf(table)
  return <A, E extends ErrorOf<T>, R>(effect: Effect.Effect<A, E | StoreUnavailable, R>): Effect.Effect<A, ProblemOf<T>, R> =>
    Effect.mapError(unavailableAsDefect(effect), toProblem)
}
