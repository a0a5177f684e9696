/**
 * Port: what the account rules need to know about a customer's orders. The orders adapter (the
 * carts/orders side) implements it over its own storage.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class CustomerOrderHistory extends Context.Service<CustomerOrderHistory, {
  /** Whether an order of this customer was created strictly before `instant`. */
  readonly hasOrdersBefore: (customerId: string, instant: Date) => Effect.Effect<boolean, StoreUnavailable>
}>()("storefront/CustomerOrderHistory") {}
