/** The handlers of the routes behind the required bearer check: the work of the signed-in customer. */
import { Effect } from "effect"
import type { CustomerId } from "../../../domain/shared/ids.ts"
import { CurrentCustomer } from "../api/customer-auth.ts"

export const asSignedIn = <A, E, R>(work: (customerId: CustomerId) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(CurrentCustomer, ({ customerId }) => work(customerId))
