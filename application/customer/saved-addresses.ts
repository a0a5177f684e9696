/**
 * Use cases of /customers/me/addresses (issue 13): the signed-in customer's address book as the
 * account sees it (domain/address-book/saved-address.ts), and saving, changing and removing an
 * address. Every change runs in one unit of work under the customer's row lock, so the limit
 * holds under concurrent saves and the default never names a removed address.
 */
import { Clock, Effect, Option } from "effect"
import {
  addToBook,
  type AddressPatch,
  assertVisible,
  checkoutAddressDecision,
  patchSavedAddress,
  visibleAddresses,
  type SavedAddress,
  withoutRemovedDefault
} from "../../domain/address-book/saved-address.ts"
import { AddressId, type CustomerId } from "../../domain/shared/ids.ts"
import type { Address } from "../../domain/shipping/address.ts"
import type { CustomerPorts } from "./customer-ports.ts"
import { getCustomerProfile, lockSignedInCustomer } from "./customer-profile.ts"

const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

export const listSavedAddresses = Effect.fnUntraced(function*(ports: CustomerPorts, customerId: CustomerId) {
  const customer = yield* getCustomerProfile(ports.customers, customerId)
  return visibleAddresses(customer, yield* ports.book.list(customerId))
})

/** One address of the book as the account sees it (AddressNotFound otherwise): what a cart copies. */
export const findSavedAddress = Effect.fnUntraced(function*(
  ports: CustomerPorts,
  customerId: CustomerId,
  addressId: AddressId
) {
  const customer = yield* getCustomerProfile(ports.customers, customerId)
  const found = yield* ports.book.find(customerId, addressId)
  return yield* Effect.fromResult(assertVisible(customer, addressId, Option.getOrUndefined(found)))
})

export const saveAddress = Effect.fnUntraced(function*(
  { customers, book, ids, transactions }: CustomerPorts,
  customerId: CustomerId,
  address: Address
) {
  return yield* transactions.atomically(Effect.gen(function*() {
    const customer = yield* lockSignedInCustomer(customers, customerId)
    const saved = yield* Effect.fromResult(addToBook(customer, yield* book.list(customerId), {
      id: AddressId.make(yield* ids.next("addr")),
      address,
      now: yield* now
    }))
    yield* book.insert(saved)
    return saved
  }))
})

export const editSavedAddress = Effect.fnUntraced(function*(
  { customers, book, transactions }: CustomerPorts,
  customerId: CustomerId,
  addressId: AddressId,
  patch: AddressPatch
) {
  return yield* transactions.atomically(Effect.gen(function*() {
    const customer = yield* lockSignedInCustomer(customers, customerId)
    const found = yield* book.find(customerId, addressId)
    const saved = yield* Effect.fromResult(assertVisible(customer, addressId, Option.getOrUndefined(found)))
    const edited = yield* Effect.fromResult(patchSavedAddress(saved, patch, yield* now))
    if (!(yield* book.update(edited))) return yield* Effect.die(new Error(`address ${addressId} vanished under its customer's lock`))
    return edited
  }))
})

/** Removes the address; when it was the default, the customer has no default any more. */
export const removeSavedAddress = Effect.fnUntraced(function*(
  { customers, book, transactions }: CustomerPorts,
  customerId: CustomerId,
  addressId: AddressId
) {
  yield* transactions.atomically(Effect.gen(function*() {
    const customer = yield* lockSignedInCustomer(customers, customerId)
    const found = yield* book.find(customerId, addressId)
    const saved = yield* Effect.fromResult(assertVisible(customer, addressId, Option.getOrUndefined(found)))
    const updated = withoutRemovedDefault(customer, saved.id)
    if (updated !== customer) {
      yield* customers.update(updated).pipe(
        Effect.catchTag("CustomerContactTaken", (error) => Effect.die(error))
      )
    }
    yield* book.remove(customerId, saved.id)
  }))
})

/**
 * A signed-in checkout's shipping address joins the book unless the account already sees it
 * there (the default too when it sees none); a full book is left alone. Runs inside the checkout's
 * unit of work, so the address is saved exactly when the order is placed.
 */
export const rememberCheckoutAddress = Effect.fnUntraced(function*(
  { customers, book, ids }: CustomerPorts,
  customerId: CustomerId,
  address: Address,
  placedAt: Date
) {
  const customer = yield* lockSignedInCustomer(customers, customerId)
  const decision = checkoutAddressDecision(customer, yield* book.list(customerId), address)
  if (decision._tag !== "Save") return
  const saved: SavedAddress = {
    id: AddressId.make(yield* ids.next("addr")),
    customerId,
    address,
    createdAt: placedAt,
    updatedAt: placedAt
  }
  yield* book.insert(saved)
  if (decision.makeDefault) {
    yield* customers.update({ ...customer, defaultShippingAddressId: saved.id }).pipe(
      Effect.catchTag("CustomerContactTaken", (error) => Effect.die(error))
    )
  }
})
