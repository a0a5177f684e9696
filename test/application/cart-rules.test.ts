/**
 * The buying rules over the memory adapters, without HTTP (the same rules test/http/cart-api and
 * checkout-orders hold the server to on the SQL engines): quantities and stock when adding and
 * setting lines, removing lines, shipping methods and zones, shipping and COD fees, coupons and
 * their refusals, a coupon's minimum and usage limit, a cart where nothing ships, claiming a
 * guest cart. Money is in minor units here (the HTTP views show major units).
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { CartRequester } from "../../application/cart/cart-requester.ts"
import { CartService } from "../../application/cart/cart-service.ts"
import type { CartChangeRequest } from "../../application/cart/change-cart.ts"
import { CartId, CustomerId, LineId, ShippingMethodId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import { COUPON_REFUSALS, fixtureVariant } from "../support/buying-fixture.ts"
import { addCartItem, applyCartCoupon, checkout, createCart, getCart, setCartShippingAddress, setCartShippingMethod, updateCartItem } from "../support/buying-services.ts"
import { DHAKA_HOME, memoryBuyingServices } from "../support/memory-buying-world.ts"

const SHOP_A = [ShopId.make("shop_a")]
const guest: CartRequester = { shopIds: SHOP_A, customerId: null }
const SYLHET_HOME = { ...DHAKA_HOME, city: "Sylhet", district: "Sylhet" }

const change = (cartId: CartId, requester: CartRequester = guest): CartChangeRequest => ({ cartId, requester, expectedVersions: null })

const variantId = (sku: string) => Effect.map(fixtureVariant(sku), ({ variant }) => variant.id)

/** A guest cart of shop A with these quantities by sku. */
const cartOf = (items: ReadonlyArray<readonly [sku: string, quantity: number]>) =>
  Effect.gen(function*() {
    const lines = []
    for (const [sku, quantity] of items) lines.push({ variantId: yield* variantId(sku), quantity })
    return yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: lines })
  })

const withMethod = (cartId: CartId, id: string) => setCartShippingMethod({ ...change(cartId), shippingMethodId: ShippingMethodId.make(id) })

layer(memoryBuyingServices, { excludeTestServices: true })("buying rules over the memory adapters", (it) => {
  describe("lines", () => {
    it.effect("adding: 1..999 per line once merged, no more than the stock, only variants visible in the shop", () =>
      Effect.gen(function*() {
        const gift = yield* variantId("FIX-GIFT-1")
        const created = yield* cartOf([["FIX-GIFT-1", 990]])
        const cartId = created.cart.id
        const merged = yield* Effect.flip(addCartItem({ ...change(cartId), variantId: gift, quantity: 10 }))
        expect(merged._tag).toBe("QuantityOutOfRange")
        const short = yield* Effect.flip(addCartItem({ ...change(cartId), variantId: yield* variantId("FIX-2-1"), quantity: 4 }))
        expect(short).toMatchObject({ _tag: "InsufficientStock", requested: 4, available: 3 })
        const disabled = yield* Effect.flip(addCartItem({ ...change(cartId), variantId: yield* variantId("FIX-5-1"), quantity: 1 }))
        expect(disabled._tag).toBe("VariantNotFound")
        const unknown = yield* Effect.flip(addCartItem({ ...change(cartId), variantId: VariantId.make("var_nope"), quantity: 1 }))
        expect(unknown._tag).toBe("VariantNotFound")
        const noCart = yield* Effect.flip(addCartItem({ ...change(CartId.make("cart_nope")), variantId: gift, quantity: 1 }))
        expect(noCart._tag).toBe("CartNotFound")
        const unchanged = yield* getCart(cartId, guest)
        expect(unchanged.cart.version).toBe(1)
        expect(unchanged.totals.itemCount).toBe(990)
      }))

    it.effect("setting a quantity (0 removes the line) and removing a line; an unknown line is CartItemNotFound", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const tee = yield* variantId("FIX-7-1")
        const created = yield* cartOf([["FIX-6-1", 1], ["FIX-7-1", 1]])
        const cartId = created.cart.id
        const lineOf = (variant: VariantId) => created.cart.lines.find((line) => line.variantId === variant)!.id
        const set = yield* updateCartItem({ ...change(cartId), itemId: lineOf(linen), quantity: 7 })
        expect(set.cart.lines.find((line) => line.variantId === linen)?.quantity).toBe(7)
        const short = yield* Effect.flip(updateCartItem({ ...change(cartId), itemId: lineOf(tee), quantity: 2 }))
        expect(short).toMatchObject({ _tag: "InsufficientStock", requested: 2, available: 1 })
        const removed = yield* updateCartItem({ ...change(cartId), itemId: lineOf(tee), quantity: 0 })
        expect(removed.cart.lines.map((line) => line.variantId)).toEqual([linen])
        expect((yield* Effect.flip(updateCartItem({ ...change(cartId), itemId: lineOf(tee), quantity: 1 })))._tag).toBe("CartItemNotFound")
        const service = yield* CartService
        expect((yield* Effect.flip(service.removeItem({ ...change(cartId), itemId: lineOf(tee) })))._tag).toBe("CartItemNotFound")
        expect((yield* Effect.flip(service.removeItem({ ...change(cartId), itemId: LineId.make("item_nope") })))._tag).toBe("CartItemNotFound")
        const emptied = yield* service.removeItem({ ...change(cartId), itemId: lineOf(linen) })
        expect(emptied.cart.lines).toEqual([])
        expect(emptied.totals.total).toBe(0)
        expect(emptied.cart.version).toBe(4)
      }))
  })

  describe("shipping", () => {
    it.effect("a method needs an address, must be the cart's shop's and must serve the address's zone; COD fee and prepaid", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartOf([["FIX-6-1", 1]])
        expect((yield* Effect.flip(withMethod(cart.id, "sm_a_standard")))._tag).toBe("ShippingAddressRequired")
        yield* setCartShippingAddress({ ...change(cart.id), address: SYLHET_HOME })
        expect((yield* Effect.flip(withMethod(cart.id, "sm_b_flat")))._tag).toBe("ShippingMethodNotFound")
        expect((yield* Effect.flip(withMethod(cart.id, "sm_nope")))._tag).toBe("ShippingMethodNotFound")
        expect(yield* Effect.flip(withMethod(cart.id, "sm_a_city_only"))).toMatchObject({
          _tag: "ShippingUnavailableForZone",
          zoneType: "outside_city"
        })
        // outside_city: 120 flat up to 1 kg (0.5 kg here); COD 1.5 % of (1500 + 120) = 24.30
        const outside = yield* withMethod(cart.id, "sm_a_standard")
        expect(outside.totals).toMatchObject({ subtotal: 150_000, shippingFee: 12_000, codFee: 2_430, total: 164_430 })
        // a new address clears the method; " dhaka " is inside the city
        const moved = yield* setCartShippingAddress({ ...change(cart.id), address: { ...DHAKA_HOME, city: " dhaka " } })
        expect(moved.cart.shippingMethodId).toBe("")
        expect(moved.totals).toMatchObject({ shippingFee: 0, codFee: 0, total: 150_000 })
        // the inside-city courier: 100 flat, COD fixed 20
        const inside = yield* withMethod(cart.id, "sm_a_city_only")
        expect(inside.totals).toMatchObject({ shippingFee: 10_000, codFee: 2_000, total: 162_000 })
        const prepaid = yield* (yield* CartService).setPaymentMethod({ ...change(cart.id), paymentMethod: "prepaid" })
        expect(prepaid.totals).toMatchObject({ codFee: 0, total: 160_000 })
      }))

    it.effect("fees: each started kilogram over the base weight, free from the minimum order value", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartOf([["FIX-LAMP-1", 1]])
        yield* setCartShippingAddress({ ...change(cart.id), address: DHAKA_HOME })
        // 2.5 kg inside the city: 60 + ceil(1.5) × 15 = 90; COD 1.5 % of 2590 = 38.85
        const heavy = yield* withMethod(cart.id, "sm_a_standard")
        expect(heavy.totals).toMatchObject({ subtotal: 250_000, shippingFee: 9_000, codFee: 3_885, total: 262_885 })
        // 4000 ≥ 3000: free shipping; COD 1.5 % of 4000 = 60
        const free = yield* addCartItem({ ...change(cart.id), variantId: yield* variantId("FIX-6-1"), quantity: 1 })
        expect(free.totals).toMatchObject({ subtotal: 400_000, shippingFee: 0, codFee: 6_000, total: 406_000 })
      }))

    it.effect("a cart where nothing ships needs no shipping method and pays no shipping", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartOf([["FIX-GIFT-1", 3]])
        yield* setCartShippingAddress({ ...change(cart.id), address: DHAKA_HOME })
        const order = yield* checkout(change(cart.id))
        expect(order).toMatchObject({ subtotal: 150_000, shippingFee: 0, codFee: 0, total: 150_000, shippingMethodName: "" })
      }))
  })

  describe("coupons", () => {
    it.effect("a code applies case-insensitively and the cart keeps the stored code; removing it drops the discount", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartOf([["FIX-6-1", 1]])
        const percent = yield* applyCartCoupon({ ...change(cart.id), code: " save10 " })
        expect(percent.cart.couponCode).toBe("SAVE10")
        expect(percent.totals).toMatchObject({ couponDiscount: 15_000, discountTotal: 15_000, subtotal: 150_000, total: 135_000 })
        const fixed = yield* applyCartCoupon({ ...change(cart.id), code: "flat50" })
        expect(fixed.cart.couponCode).toBe("Flat50")
        expect(fixed.totals).toMatchObject({ couponDiscount: 5_000, total: 145_000 })
        const removed = yield* (yield* CartService).removeCoupon(change(cart.id))
        expect(removed.cart.couponCode).toBe("")
        expect(removed.totals).toMatchObject({ couponDiscount: 0, discountTotal: 0, total: 150_000 })
      }))

    it.effect("refusals name their reason: unknown, another shop's, not started, expired, below the minimum; the cart is unchanged", () =>
      Effect.gen(function*() {
        const { cart } = yield* cartOf([["FIX-7-1", 1]])
        for (const [code, reason] of COUPON_REFUSALS) {
          expect(yield* Effect.flip(applyCartCoupon({ ...change(cart.id), code }))).toMatchObject({ _tag: "CouponInvalid", reason })
        }
        expect((yield* getCart(cart.id, guest)).cart.version).toBe(1)
      }))

    it.effect("a coupon whose minimum is no longer met stays on the cart with discount 0, and counts again above it", () =>
      Effect.gen(function*() {
        const linen = yield* variantId("FIX-6-1")
        const { cart } = yield* cartOf([["FIX-6-1", 1]])
        yield* applyCartCoupon({ ...change(cart.id), code: "SAVE10" })
        const below = yield* (yield* CartService).removeItem({ ...change(cart.id), itemId: cart.lines[0]!.id })
        expect(below.cart.couponCode).toBe("SAVE10")
        expect(below.totals).toMatchObject({ couponDiscount: 0, discountTotal: 0, total: 0 })
        const again = yield* addCartItem({ ...change(cart.id), variantId: linen, quantity: 2 })
        expect(again.totals).toMatchObject({ couponDiscount: 30_000, total: 270_000 })
      }))

    it.effect("uses are counted at checkout and the limit holds: the third checkout with TWICE is refused, and so is applying it", () =>
      Effect.gen(function*() {
        const ready = []
        for (let index = 0; index < 3; index++) {
          const { cart } = yield* cartOf([["FIX-6-1", 1]])
          yield* setCartShippingAddress({ ...change(cart.id), address: DHAKA_HOME })
          yield* withMethod(cart.id, "sm_a_standard")
          yield* applyCartCoupon({ ...change(cart.id), code: "twice" })
          ready.push(cart.id)
        }
        for (const cartId of ready.slice(0, 2)) expect((yield* checkout(change(cartId))).discountTotal).toBe(15_000)
        expect(yield* Effect.flip(checkout(change(ready[2]!)))).toMatchObject({ _tag: "CouponInvalid", reason: "usage_limit_reached" })
        const { cart } = yield* cartOf([["FIX-6-1", 1]])
        expect(yield* Effect.flip(applyCartCoupon({ ...change(cart.id), code: "TWICE" }))).toMatchObject({
          _tag: "CouponInvalid",
          reason: "usage_limit_reached"
        })
      }))
  })

  describe("ownership", () => {
    it.effect("a guest cart is claimed by the first signed-in request, even a read; then it is not the guest's", () =>
      Effect.gen(function*() {
        const customer: CartRequester = { shopIds: SHOP_A, customerId: CustomerId.make("cus_claimer") }
        const { cart } = yield* cartOf([])
        const claimed = yield* getCart(cart.id, customer)
        expect(claimed.cart.customerId).toBe("cus_claimer")
        expect(claimed.cart.version).toBe(2)
        expect((yield* Effect.flip(getCart(cart.id, guest)))._tag).toBe("CartNotFound")
        const other = yield* cartOf([])
        const noted = yield* (yield* CartService).setNote({ ...change(other.cart.id, customer), note: "hi" })
        expect(noted.cart).toMatchObject({ customerId: "cus_claimer", customerNote: "hi" })
      }))
  })
})
