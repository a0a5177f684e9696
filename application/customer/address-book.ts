/**
 * Port: the customers' address books (issue 13). Stores every saved address as given; which of
 * them an account sees, and the limit, are domain rules (domain/address-book/saved-address.ts)
 * that the use cases apply over the whole book of one customer, under that customer's row lock.
 * An address is found only together with its customer's id, so another customer's id finds nothing.
 * Adapters: adapters/postgres/postgres-address-book.ts, adapters/memory/memory-address-book.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { SavedAddress } from "../../domain/address-book/saved-address.ts"
import type { AddressId, CustomerId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class AddressBook extends Context.Service<AddressBook, {
  /** Every stored address of the customer, oldest first (ties by id). */
  readonly list: (customerId: CustomerId) => Effect.Effect<ReadonlyArray<SavedAddress>, StoreUnavailable>
  /** The customer's address with this id; none for an unknown id or another customer's. */
  readonly find: (customerId: CustomerId, addressId: AddressId) => Effect.Effect<Option.Option<SavedAddress>, StoreUnavailable>
  /** Adds a new address (its id is new). */
  readonly insert: (saved: SavedAddress) => Effect.Effect<void, StoreUnavailable>
  /** Replaces the customer's address with the same id; false when the customer has none such. */
  readonly update: (saved: SavedAddress) => Effect.Effect<boolean, StoreUnavailable>
  /** Removes the customer's address with this id; false when the customer has none such. */
  readonly remove: (customerId: CustomerId, addressId: AddressId) => Effect.Effect<boolean, StoreUnavailable>
}>()("storefront/AddressBook") {}
