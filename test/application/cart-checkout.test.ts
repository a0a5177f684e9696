/**
 * The cart and checkout use cases over the memory adapters, without HTTP: what a Node service
 * embedding the domain gets. A guest cart from creation to an order (totals, stock, the cart
 * completed), the ownership and version rules, stock limits, and checkout's refusals, each on
 * the use case's own error.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { CheckoutService } from "../../application/checkout/checkout-service.ts"
import { type BackOfficeEvent, EventOutbox } from "../../application/notifications/event-outbox.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { Inventory } from "../../application/cart/inventory.ts"
import type { CartChangeRequest } from "../../application/cart/change-cart.ts"
import type { CartRequester } from "../../application/cart/cart-requester.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { DHAKA_HOME, memoryBuyingServices } from "../support/memory-buying-world.ts"
import { addCartItem, applyCartCoupon, checkout, createCart, getCart, setCartShippingAddress, setCartShippingMethod, updateCartItem } from "../support/buying-services.ts"
import { CustomerId, ShippingMethodId, ShopId, type CartId, type VariantId } from "../../domain/shared/ids.ts"

const SHOP_A = [ShopId.make("shop_a")]
const guest: CartRequester = { shopIds: SHOP_A, customerId: null }

const change = (cartId: CartId, requester: CartRequester = guest): CartChangeRequest => ({ cartId, requester, expectedVersions: null })

const stockOf = (variantId: VariantId) =>
  Effect.map((Effect.flatMap(Inventory, (inventory) => inventory.variantsForShop(ShopId.make("shop_a"), [variantId]))), (found) => found.get(variantId)?.stock)

/** A guest cart of `quantity` of the variant, with address and standard shipping. */
const readyCart = (sku: string, quantity: number) =>
  Effect.gen(function*() {
    const { variant } = yield* fixtureVariant(sku)
    const created = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [{ variantId: variant.id, quantity }] })
    yield* setCartShippingAddress({ ...change(created.cart.id), address: DHAKA_HOME })
    yield* setCartShippingMethod({ ...change(created.cart.id), shippingMethodId: ShippingMethodId.make("sm_a_standard") })
    return created.cart.id
  })

layer(memoryBuyingServices, { excludeTestServices: true })("cart and checkout use cases (memory adapters)", (it) => {
  describe("cart", () => {
    it.effect("adding a variant already in the cart adds to its line; the totals follow the lines", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const created = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [{ variantId: variant.id, quantity: 1 }] })
        expect(created.totals.subtotal).toBe(150_000)
        const added = yield* addCartItem({ ...change(created.cart.id), variantId: variant.id, quantity: 2 })
        expect(added.cart.lines).toHaveLength(1)
        expect(added.cart.lines[0]!.quantity).toBe(3)
        expect(added.totals.subtotal).toBe(450_000)
        expect(added.cart.version).toBe(created.cart.version + 1)
      }))

    it.effect("a line may not ask for more than the stock: InsufficientStock, and the cart is unchanged", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-LAMP-1")
        const created = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [{ variantId: variant.id, quantity: 1 }] })
        const failure = yield* Effect.flip(updateCartItem({ ...change(created.cart.id), itemId: created.cart.lines[0]!.id, quantity: 2 }))
        expect(failure._tag).toBe("InsufficientStock")
        const after = yield* getCart(created.cart.id, guest)
        expect(after.cart.lines[0]!.quantity).toBe(1)
        expect(after.cart.version).toBe(created.cart.version)
      }))

    it.effect("a stale expected version is CartVersionMismatch; another customer's or shop's cart does not exist", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const mine = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: CustomerId.make("cus_owner"), items: [] })
        const owner = { shopIds: SHOP_A, customerId: CustomerId.make("cus_owner") }
        const stale = yield* Effect.flip(addCartItem({ ...change(mine.cart.id, owner), expectedVersions: [mine.cart.version + 5], variantId: variant.id, quantity: 1 }))
        expect(stale._tag).toBe("CartVersionMismatch")
        const stranger = yield* Effect.flip(getCart(mine.cart.id, { shopIds: SHOP_A, customerId: CustomerId.make("cus_other") }))
        expect(stranger._tag).toBe("CartNotFound")
        const otherShop = yield* Effect.flip(getCart(mine.cart.id, { shopIds: [ShopId.make("shop_b")], customerId: CustomerId.make("cus_owner") }))
        expect(otherShop._tag).toBe("CartNotFound")
      }))
  })

  describe("checkout", () => {
    it.effect("a ready guest cart becomes a pending order with the cart's totals; stock is taken and the cart completed", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const before = yield* stockOf(variant.id)
        const cartId = yield* readyCart("FIX-6-1", 2)
        const priced = yield* applyCartCoupon({ ...change(cartId), code: "save10" })
        const order = yield* checkout(change(cartId))
        expect(order.status).toBe("pending")
        expect(order.paymentStatus).toBe("unpaid")
        expect(order.total).toBe(priced.totals.total)
        expect(order.discountTotal).toBe(30_000)
        expect(order.lines.map((line) => [line.variantId, line.quantity])).toEqual([[variant.id, 2]])
        expect(order.shippingAddress).toEqual(DHAKA_HOME)
        expect(yield* stockOf(variant.id)).toBe(before! - 2)
        expect((yield* getCart(cartId, guest)).cart.status).toBe("completed")
        expect((yield* Effect.flip(checkout(change(cartId))))._tag).toBe("CartCompleted")
      }))

    it.effect("refusals: an empty cart, no address, no shipping method", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const empty = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [] })
        expect((yield* Effect.flip(checkout(change(empty.cart.id))))._tag).toBe("CartEmpty")
        const bare = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [{ variantId: variant.id, quantity: 1 }] })
        expect((yield* Effect.flip(checkout(change(bare.cart.id))))._tag).toBe("ShippingAddressRequired")
        yield* setCartShippingAddress({ ...change(bare.cart.id), address: DHAKA_HOME })
        expect((yield* Effect.flip(checkout(change(bare.cart.id))))._tag).toBe("ShippingMethodRequired")
      }))

    it.effect("the last unit checked out by two carts at once: one order, the other InsufficientStock, stock 0", () =>
      Effect.gen(function*() {
        const { variant } = yield* fixtureVariant("FIX-LAMP-1")
        const first = yield* readyCart("FIX-LAMP-1", 1)
        const second = yield* readyCart("FIX-LAMP-1", 1)
        const exits = yield* Effect.all([checkout(change(first)), checkout(change(second))].map(Effect.exit), { concurrency: "unbounded" })
        expect(exits.filter(Exit.isSuccess)).toHaveLength(1)
        const failed = exits.find(Exit.isFailure)!
        expect(Exit.isFailure(failed) && JSON.stringify(failed.cause)).toContain("InsufficientStock")
        expect(yield* stockOf(variant.id)).toBe(0)
      }))
  })
  describe("cancel and payment events (memory adapters)", () => {
    it.effect("a guest cancels with the order token: stock back once, one order.cancelled event written with the change", () =>
      Effect.gen(function*() {
        const events: Array<BackOfficeEvent> = []
        const recording = Layer.succeed(EventOutbox, EventOutbox.of({ publish: (event) => Effect.sync(() => void events.push(event)) }))
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const before = yield* stockOf(variant.id)
        const cartId = yield* readyCart("FIX-6-1", 1)
        const placed = yield* Effect.flatMap(CheckoutService, (service) => service.placeOrder(change(cartId)))
        expect(yield* stockOf(variant.id)).toBe(before! - 1)
        const payments = yield* Effect.provide(Effect.service(PaymentsService), Layer.fresh(PaymentsService.layer).pipe(Layer.provide(recording)))
        const stranger = { shopIds: SHOP_A, customerId: null, orderToken: "not-the-token" }
        expect((yield* Effect.flip(payments.cancelOrder(placed.order.id, stranger)))._tag).toBe("OrderNotFound")
        const owner = { ...stranger, orderToken: placed.orderToken }
        const [first, second] = yield* Effect.all([payments.cancelOrder(placed.order.id, owner), payments.cancelOrder(placed.order.id, owner)], { concurrency: 2 })
        expect([first.status, second.status]).toEqual(["cancelled", "cancelled"])
        expect(yield* stockOf(variant.id)).toBe(before)
        expect(events.map((event) => event.type)).toEqual(["order.cancelled"])
      }))
  })
})
