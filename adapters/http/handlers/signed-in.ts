/** The handlers of the routes behind the required bearer check: the work of the signed-in customer. */
import { Effect } from "effect"
import { CurrentCustomer } from "../api/customer-auth.ts"

export const asSignedIn = <A, E, R>(work: (customerId: string) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(CurrentCustomer, ({ customerId }) => work(customerId))
