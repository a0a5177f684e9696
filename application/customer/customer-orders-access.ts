/**
 * Guards /customers/me/orders* (CONTRACT §3): a customer whose password was attached over an
 * existing account (chat or guest checkout) sees the orders placed before that only once the
 * email is verified (EmailVerificationRequired, 403), so registering with someone else's email
 * reveals nothing. A customer without a password (signed in by an OTP to a contact on record) or
 * with no orders from before the registration is not blocked.
 */
import { Effect } from "effect"
import { checkOrdersAccess } from "../../domain/customer/customer.ts"
import { CustomerOrderHistory } from "./customer-order-history.ts"
import { getCustomerProfile } from "./customer-profile.ts"

export const ensureOrdersAccess = (customerId: string) =>
  Effect.gen(function*() {
    const customer = yield* getCustomerProfile(customerId)
    if (customer.emailVerified || customer.registeredAt === null) return
    const hasOrdersBeforeRegistration = yield* (yield* CustomerOrderHistory).hasOrdersBefore(
      customer.id,
      customer.registeredAt
    )
    yield* Effect.fromResult(checkOrdersAccess(customer, hasOrdersBeforeRegistration)).pipe(Effect.asVoid)
  })
