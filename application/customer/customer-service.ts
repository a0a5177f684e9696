/**
 * The customer capability (docs/contract/orders.md, issue 13): the signed-in customer's profile, address
 * book and the access rule on their orders, as one service. Its layer takes the ports once; each
 * method is a traced span (`Customer.*`).
 */
import { Context, Effect, Layer } from "effect"
import type { AddressPatch } from "../../domain/address-book/saved-address.ts"
import type { Customer } from "../../domain/customer/customer.ts"
import type { Address } from "../../domain/shipping/address.ts"
import type { AddressId, CustomerId } from "../../domain/shared/ids.ts"
import { ordersViewer } from "./customer-orders-access.ts"
import { customerPorts } from "./customer-ports.ts"
import { type CustomerProfileChange, getCustomerProfile, profileAsSeen, updateCustomerProfile } from "./customer-profile.ts"
import {
  editSavedAddress,
  findSavedAddress,
  listSavedAddresses,
  rememberCheckoutAddress,
  removeSavedAddress,
  saveAddress
} from "./saved-addresses.ts"

const make = Effect.gen(function*() {
  const ports = yield* customerPorts
  return {
    getProfile: Effect.fn("Customer.getProfile")((customerId: CustomerId) => getCustomerProfile(ports.customers, customerId)),
    /** What the customer is shown of their profile (an unproven linked account sees only what it gave). */
    profileAsSeen: Effect.fn("Customer.profileAsSeen")((customer: Customer) => profileAsSeen(ports, customer)),
    updateProfile: Effect.fn("Customer.updateProfile")((customerId: CustomerId, patch: CustomerProfileChange) =>
      updateCustomerProfile(ports, customerId, patch)
    ),
    listAddresses: Effect.fn("Customer.listAddresses")((customerId: CustomerId) => listSavedAddresses(ports, customerId)),
    findAddress: Effect.fn("Customer.findAddress")((customerId: CustomerId, addressId: AddressId) =>
      findSavedAddress(ports, customerId, addressId)
    ),
    saveAddress: Effect.fn("Customer.saveAddress")((customerId: CustomerId, address: Address) =>
      saveAddress(ports, customerId, address)
    ),
    editAddress: Effect.fn("Customer.editAddress")((customerId: CustomerId, addressId: AddressId, patch: AddressPatch) =>
      editSavedAddress(ports, customerId, addressId, patch)
    ),
    removeAddress: Effect.fn("Customer.removeAddress")((customerId: CustomerId, addressId: AddressId) =>
      removeSavedAddress(ports, customerId, addressId)
    ),
    /** Inside a checkout's unit of work: its shipping address joins the book (saved-addresses.ts). */
    rememberCheckoutAddress: Effect.fn("Customer.rememberCheckoutAddress")((customerId: CustomerId, address: Address, placedAt: Date) =>
      rememberCheckoutAddress(ports, customerId, address, placedAt)
    ),
    /** The guard of /customers/me/orders* and what the customer may see there. */
    ordersViewer: Effect.fn("Customer.ordersViewer")((customerId: CustomerId) => ordersViewer(ports.customers, customerId))
  }
})

export class CustomerService extends Context.Service<CustomerService, Effect.Success<typeof make>>()(
  "storefront/CustomerService"
) {
  /** Needs CustomerRepository, AddressBook, Transactions and IdGenerator. */
  static readonly layer = Layer.effect(CustomerService, make)
}
