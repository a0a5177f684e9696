/**
 * The contract of every CartRepository: carts round-trip whole (lines, addresses, dates,
 * guest and owned), updates replace, and changes made in concurrent units of work that read
 * the cart "for update" are applied one after the other (none is lost).
 */
import { expect } from "@effect/vitest"
import type { Vitest } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { CartRepository } from "../../application/cart/cart-repository.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import type { Cart } from "../../domain/cart/cart.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { AddressInput } from "../../domain/shipping/address.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { concurrently, portContract } from "./account-store-fixtures.ts"
import { CartId, CustomerId, LineId, ShopId, VariantId } from "../../domain/shared/ids.ts"

const at = (iso: string) => new Date(iso)

/** A guest cart with one line of the fixture's FIX-1-1 variant, not stored yet. */
export const newCart = Effect.gen(function*() {
  const ids = yield* IdGenerator
  const shirt = yield* fixtureVariant("FIX-1-1")
  const cart: Cart = {
    id: CartId.make(yield* ids.next("cart")),
    shopId: ShopId.make("shop_a"),
    customerId: null,
    status: "active",
    lines: [{ id: LineId.make(yield* ids.next("item")), variantId: shirt.variant.id, productId: shirt.product.id, quantity: 2 }],
    customerNote: "",
    shippingAddress: null,
    billingAddress: null,
    shippingMethodId: "",
    paymentMethod: "cod",
    couponCode: "",
    version: 1,
    createdAt: at("2026-03-01T10:00:00.123Z"),
    updatedAt: at("2026-03-01T10:00:00.123Z"),
    expiresAt: at("2026-03-31T10:00:00.123Z")
  }
  return cart
})

/** The cart one version on, with one more unit on every line. */
const incremented = (cart: Cart): Cart => ({
  ...cart,
  version: cart.version + 1,
  lines: cart.lines.map((line) => ({ ...line, quantity: line.quantity + 1 }))
})

/** Ways to apply `incremented` to the stored cart: each made of the repository's reads and writes. */
const concurrentIncrements = {
  "concurrent units reading with findForChange lose no change either": (cartId: CartId) =>
    Effect.gen(function*() {
      const carts = yield* CartRepository
      return (yield* Transactions).atomically(Effect.gen(function*() {
        const { cart: current } = Option.getOrThrow(yield* carts.findForChange(cartId, [], "locked"))
        yield* carts.update(incremented(current))
      }))
    }),
  "concurrent optimistic read-change-write loops of one cart lose no change": (cartId: CartId) =>
    Effect.map(Effect.service(CartRepository), (carts) => {
      const increment: Effect.Effect<void, unknown> = Effect.gen(function*() {
        const { cart: current } = Option.getOrThrow(yield* carts.findForChange(cartId, [], "snapshot"))
        yield* Effect.sleep("1 millis")
        if (!(yield* carts.updateIfVersion(incremented(current), current.version))) yield* increment
      })
      return increment
    }),
  "concurrent read-change-write units of one cart lose no change": (cartId: CartId) =>
    Effect.gen(function*() {
      const carts = yield* CartRepository
      return (yield* Transactions).atomically(Effect.gen(function*() {
        const current = Option.getOrThrow(yield* carts.findByIdForUpdate(cartId))
        yield* Effect.sleep("2 millis")
        yield* carts.update(incremented(current))
      }))
    })
}

/** newCart, inserted through the repository. */
const storedCart = Effect.tap(newCart, (cart) => Effect.flatMap(CartRepository, (carts) => carts.insert(cart)))

export const cartRepositoryContract = portContract(CartRepository, "CartRepository", {
  "a new cart reads back as it was stored; an unknown id is none": (carts) =>
    Effect.gen(function*() {
      const cart = yield* storedCart
      expect(Option.getOrThrow(yield* carts.findById(cart.id))).toEqual(cart)
      expect(Option.isNone(yield* carts.findById(CartId.make("cart_unknown")))).toBe(true)
      expect(Option.isNone(yield* carts.findByIdForUpdate(CartId.make("cart_unknown")))).toBe(true)
    }),

  "an update replaces every field, lines and addresses included": (carts) =>
    Effect.gen(function*() {
      const ids = yield* IdGenerator
      const cart = yield* storedCart
      const lamp = yield* fixtureVariant("FIX-LAMP-1")
      const address = Schema.decodeUnknownSync(AddressInput)({
        name: "Rahim Uddin", phone: "+880 1711-000000", house: "12", road: "Lake Rd", thana: "Gulshan",
        district: "Dhaka", division: "Dhaka", city: "Dhaka", postcode: "1212", country: "BD", note: "Ring twice"
      })
      const changed: Cart = {
        ...cart,
        customerId: CustomerId.make("cus_owner"),
        status: "completed",
        lines: [
          ...cart.lines.map((line) => ({ ...line, quantity: 5 })),
          { id: LineId.make(yield* ids.next("item")), variantId: lamp.variant.id, productId: lamp.product.id, quantity: 1 }
        ],
        customerNote: "Leave at the door — শুভেচ্ছা",
        shippingAddress: address,
        billingAddress: { ...address, name: "Accounts", district: "" },
        shippingMethodId: "sm_a_standard",
        paymentMethod: "prepaid",
        couponCode: "SAVE10",
        version: 7,
        updatedAt: at("2026-03-02T11:00:00.000Z"),
        expiresAt: at("2026-04-01T11:00:00.000Z")
      }
      yield* carts.update(changed)
      const stored = Option.getOrThrow(yield* carts.findByIdForUpdate(cart.id))
      expect(stored).toEqual(changed)
      yield* carts.update({ ...changed, customerId: null, lines: [] })
      const cleared = Option.getOrThrow(yield* carts.findById(cart.id))
      expect(cleared.customerId).toBe(null)
      expect(cleared.lines).toEqual([])
    }),

  "findForChange: the cart with its lines' and the added variants' store data, visibility in the cart's shop": (carts) =>
    Effect.gen(function*() {
      const transactions = yield* Transactions
      const cart = yield* storedCart
      const shirt = yield* fixtureVariant("FIX-1-1")
      const budget = yield* fixtureVariant("FIX-3-1")
      const lamp = yield* fixtureVariant("FIX-LAMP-1")
      const found = Option.getOrThrow(
        yield* transactions.atomically(carts.findForChange(cart.id, [lamp.variant.id, budget.variant.id, VariantId.make("var_unknown")], "locked"))
      )
      expect(found.cart).toEqual(cart)
      expect([...found.variants.keys()].sort()).toEqual([shirt.variant.id, budget.variant.id, lamp.variant.id].sort())
      expect(found.variants.get(shirt.variant.id)).toMatchObject({ productId: shirt.product.id, originalPrice: 100_000, salePrice: 80_000, visible: true })
      expect(found.variants.get(lamp.variant.id)).toMatchObject({ optionValues: { pack_size: "One" }, weightGrams: 2500, visible: true })
      expect(found.variants.get(budget.variant.id)?.visible).toBe(false)
      const snapshot = Option.getOrThrow(yield* carts.findForChange(cart.id, [lamp.variant.id], "snapshot"))
      expect(snapshot.cart).toEqual(cart)
      expect([...snapshot.variants.keys()].sort()).toEqual([shirt.variant.id, lamp.variant.id].sort())
      const plain = Option.getOrThrow(yield* carts.findForChange(cart.id, [], "snapshot"))
      expect([...plain.variants.keys()]).toEqual([shirt.variant.id])
      expect(Option.isNone(yield* carts.findForChange(CartId.make("cart_unknown"), [shirt.variant.id], "snapshot"))).toBe(true)
      expect(Option.isNone(yield* carts.findForChange(CartId.make("cart_unknown"), [shirt.variant.id], "locked"))).toBe(true)
    }),

  "updateIfVersion writes only while the stored cart is at the expected version": (carts) =>
    Effect.gen(function*() {
      const cart = yield* storedCart
      const next = { ...cart, version: cart.version + 1, customerNote: "first" }
      expect(yield* carts.updateIfVersion(next, cart.version)).toBe(true)
      expect(yield* carts.updateIfVersion({ ...cart, version: cart.version + 1, customerNote: "stale" }, cart.version)).toBe(false)
      expect(Option.getOrThrow(yield* carts.findById(cart.id))).toEqual(next)
      expect(yield* carts.updateIfVersion({ ...next, id: CartId.make("cart_unknown") }, next.version)).toBe(false)
    }),

  // Twelve concurrent "+1 on every line" changes of one cart (2 units, version 1): none is lost.
  ...Object.fromEntries(Object.entries(concurrentIncrements).map(([title, incrementOf]) => [
    title,
    (carts: CartRepository["Service"]) =>
      Effect.gen(function*() {
        const cart = yield* storedCart
        const increment = yield* incrementOf(cart.id)
        yield* concurrently(12, () => increment)
        const stored = Option.getOrThrow(yield* carts.findById(cart.id))
        expect(stored.version).toBe(13)
        expect(stored.lines[0]?.quantity).toBe(14)
      })
  ]))
})
