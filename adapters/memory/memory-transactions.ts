/**
 * Transactions for the in-memory adapters: units of work run one at a time (a re-entrant lock
 * held by the running fiber's unit), which gives the same isolation the SQL adapter gets from
 * row locks. A failed unit does not roll back memory writes, so in-memory repositories must
 * write only after every check of the unit has passed (as the use cases do).
 */
import { Context, Effect, Layer, Semaphore } from "effect"
import { Transactions } from "../../application/shared/transactions.ts"

const InsideUnitOfWork = Context.Reference<boolean>("storefront/memory/InsideUnitOfWork", {
  defaultValue: () => false
})

export const layer = Layer.effect(
  Transactions,
  Effect.gen(function*() {
    const lock = yield* Semaphore.make(1)
    return {
      atomically: (work) =>
        Effect.flatMap(InsideUnitOfWork, (inside) =>
          inside ? work : lock.withPermits(1)(Effect.provideService(work, InsideUnitOfWork, true)))
    }
  })
)
