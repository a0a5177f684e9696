/**
 * Who sees an order in their history (docs/contract/accounts.md, docs/contract/orders.md): an order placed signed in is always its
 * customer's; a guest order was matched to a customer by its shipping email or phone, and is
 * shown to that customer only through a contact they proved: the exact email a `verify_email`
 * code proved, or the phone a `verify_phone` code or an OTP login proved. Registering with
 * somebody else's email or phone therefore reveals none of their guest orders.
 */
import { type Customer, isEmailVerified, isPhoneVerified } from "../customer/customer.ts"
import { comparablePhone } from "../customer/phone.ts"
import type { CustomerId } from "../shared/ids.ts"
import type { Order } from "./order.ts"

export interface OrderViewer {
  readonly customerId: CustomerId
  /** The customer's email, when proven. */
  readonly verifiedEmail: string | null
  /** The customer's phone in its canonical form (domain/customer/phone), when proven. */
  readonly verifiedPhone: string | null
}

export const orderViewerOf = (customer: Customer): OrderViewer => ({
  customerId: customer.id,
  verifiedEmail: isEmailVerified(customer) ? customer.email : null,
  verifiedPhone: isPhoneVerified(customer) && customer.phone !== null ? comparablePhone(customer.phone) : null
})

export const isOrderVisibleTo = (order: Pick<Order, "customerId" | "guestContact">, viewer: OrderViewer): boolean =>
  order.customerId === viewer.customerId && (
    order.guestContact === null ||
    (viewer.verifiedEmail !== null && order.guestContact.email === viewer.verifiedEmail) ||
    (viewer.verifiedPhone !== null && order.guestContact.phone === viewer.verifiedPhone)
  )
