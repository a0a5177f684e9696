/**
 * The address-book use cases over the memory adapters, without HTTP: saving up to the limit,
 * another customer's id, removing the default, a cart's copy, and a signed-in checkout that saves
 * its shipping address (or not, with saveAddress false).
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { CartRequester } from "../../application/cart/cart-requester.ts"
import type { Address } from "../../domain/shipping/address.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { sampleCustomer } from "../adapters/customer-repository-contract.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { DHAKA_HOME, memoryBuyingServices } from "../support/memory-buying-world.ts"
import {
  checkout,
  createCart,
  editSavedAddress,
  getCustomerProfile,
  listSavedAddresses,
  removeSavedAddress,
  resolveCartAddress,
  saveAddress,
  setCartShippingAddress,
  setCartShippingMethod,
  updateCustomerProfile
} from "../support/buying-services.ts"
import { CustomerId, ShippingMethodId, ShopId } from "../../domain/shared/ids.ts"


const newCustomer = Effect.gen(function*() {
  const customer = sampleCustomer()
  yield* (yield* CustomerRepository).insert(customer)
  return customer.id
})

/** A signed-in cart of the customer with one linen shirt, the address and standard shipping. */
const readySignedInCart = (customerId: CustomerId, address: Address) =>
  Effect.gen(function*() {
    const { variant } = yield* fixtureVariant("FIX-6-1")
    const requester: CartRequester = { shopIds: [ShopId.make("shop_a")], customerId }
    const created = yield* createCart({ shopId: ShopId.make("shop_a"), customerId, items: [{ variantId: variant.id, quantity: 1 }] })
    const request = { cartId: created.cart.id, requester, expectedVersions: null }
    yield* setCartShippingAddress({ ...request, address })
    yield* setCartShippingMethod({ ...request, shippingMethodId: ShippingMethodId.make("sm_a_standard") })
    return request
  })

layer(memoryBuyingServices, { excludeTestServices: true })("address book use cases (memory adapters)", (it) => {
  describe("the book", () => {
    it.effect("holds 20 addresses; another customer's id is AddressNotFound; removing the default clears it", () =>
      Effect.gen(function*() {
        const owner = yield* newCustomer
        const other = yield* newCustomer
        const saved = []
        for (let index = 0; index < 20; index++) saved.push(yield* saveAddress(owner, { ...DHAKA_HOME, house: String(index) }))
        expect((yield* Effect.flip(saveAddress(owner, DHAKA_HOME)))._tag).toBe("AddressLimitReached")
        expect((yield* Effect.flip(editSavedAddress(other, saved[0]!.id, { road: "x" })))._tag).toBe("AddressNotFound")
        expect((yield* Effect.flip(removeSavedAddress(other, saved[0]!.id)))._tag).toBe("AddressNotFound")
        expect((yield* Effect.flip(updateCustomerProfile(other, { defaultShippingAddressId: saved[0]!.id })))._tag).toBe("AddressNotFound")
        yield* updateCustomerProfile(owner, { defaultShippingAddressId: saved[3]!.id })
        yield* removeSavedAddress(owner, saved[3]!.id)
        expect((yield* getCustomerProfile(owner)).defaultShippingAddressId).toBe(null)
        expect(yield* listSavedAddresses(owner)).toHaveLength(19)
      }))

    it.effect("a cart takes a copy: the requester's own address only, and a guest none", () =>
      Effect.gen(function*() {
        const owner = yield* newCustomer
        const other = yield* newCustomer
        const home = yield* saveAddress(owner, DHAKA_HOME)
        expect(yield* resolveCartAddress({ addressId: home.id }, { shopIds: [ShopId.make("shop_a")], customerId: owner })).toEqual(DHAKA_HOME)
        const stranger = yield* Effect.flip(resolveCartAddress({ addressId: home.id }, { shopIds: [ShopId.make("shop_a")], customerId: other }))
        expect(stranger._tag).toBe("AddressNotFound")
        expect((yield* Effect.flip(resolveCartAddress({ addressId: home.id }, { shopIds: [ShopId.make("shop_a")], customerId: null })))._tag)
          .toBe("Unauthorized")
      }))
  })

  describe("a signed-in checkout", () => {
    it.effect("saves a new shipping address as the default, once; saveAddress false saves nothing", () =>
      Effect.gen(function*() {
        const customerId = yield* newCustomer
        yield* checkout(yield* readySignedInCart(customerId, DHAKA_HOME))
        const book = yield* listSavedAddresses(customerId)
        expect(book.map((saved) => saved.address)).toEqual([DHAKA_HOME])
        expect((yield* getCustomerProfile(customerId)).defaultShippingAddressId).toBe(book[0]!.id)
        yield* checkout(yield* readySignedInCart(customerId, DHAKA_HOME))
        yield* checkout(yield* readySignedInCart(customerId, { ...DHAKA_HOME, road: "Other Road" }), { saveAddress: false })
        expect(yield* listSavedAddresses(customerId)).toEqual(book)
      }))
  })
})
