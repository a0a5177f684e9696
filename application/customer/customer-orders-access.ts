/**
 * Guards /customers/me/orders* (docs/contract/accounts.md) and says what the customer may see there: a linked
 * account (a password attached to a chat or guest customer) is refused until its email is
 * verified (EmailVerificationRequired, 403), whatever orders exist; anyone else sees their
 * orders as domain/order/order-visibility.ts rules (guest orders only through a proven contact).
 */
import { Effect } from "effect"
import { checkOrdersAccess } from "../../domain/customer/customer.ts"
import { orderViewerOf } from "../../domain/order/order-visibility.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"
import type { CustomerRepository } from "./customer-repository.ts"
import { getCustomerProfile } from "./customer-profile.ts"

export const ordersViewer = (customers: CustomerRepository["Service"], customerId: CustomerId) =>
  Effect.gen(function*() {
    const customer = yield* getCustomerProfile(customers, customerId)
    yield* Effect.fromResult(checkOrdersAccess(customer))
    return orderViewerOf(customer)
  })
