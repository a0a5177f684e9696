/**
 * An Idempotency-Key never hands one client's resource to another (issue 18, docs/contract/cart.md). A
 * guest has no secret but the key: the probe sent a 24-bit key that another guest could guess,
 * and was handed the first guest's cart with its address. Keys now carry at least 128 bits; a
 * guest's cart creation is replayed only while the cart is as it was created; a checkout's key is
 * scoped by its cart.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { buyingTestEngines, DHAKA_ADDRESS, expectCart } from "../support/cart-http.ts"
import { expectProblem, serverSuites, storeRequest } from "../support/store-http.ts"

const linenItems = Effect.map(fixtureVariant("FIX-6-1"), ({ variant }) => ({ items: [{ variantId: variant.id, quantity: 1 }] }))

serverSuites(buyingTestEngines(), "Idempotency-Key between clients over HTTP", (it) => {
  describe("the key's strength", () => {
    it.effect("a key under 22 characters is 400 validation_failed with the reason; 22 characters and a UUID are taken", () =>
      Effect.gen(function*() {
        const body = yield* linenItems
        for (const weak of ["6f1c2a", "9b7e41", "k".repeat(21)]) {
          const refused = yield* storeRequest("POST", "/cart", body, { idempotencyKey: weak })
          expectProblem(refused, 400, "validation_failed")
          expect(refused.text).toContain("128 bits")
        }
        const base64url = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url")
        for (const strong of [crypto.randomUUID(), base64url]) {
          expect((yield* storeRequest("POST", "/cart", body, { idempotencyKey: strong })).status).toBe(201)
        }
        expectProblem(yield* storeRequest("POST", "/cart/cart_any/checkout", undefined, { idempotencyKey: "short" }), 400, "validation_failed")
      }))

    it.effect("a key a randomness estimate refuses is 400 validation_failed on creation and checkout (issue 27)", () =>
      Effect.gen(function*() {
        const body = yield* linenItems
        const guessable = [
          "aaaaaaaaaaaaaaaaaaaaaa",
          "0000000000000000000000",
          `cart-create-${Date.now()}`,
          "order-key-number-000123456",
          "00000000-0000-4000-8000-000000000001",
          "2026-11-29T03:00:00.000Z-checkout"
        ]
        for (const key of guessable) {
          const refused = yield* storeRequest("POST", "/cart", body, { idempotencyKey: key })
          expectProblem(refused, 400, "validation_failed")
          expect(refused.text).toContain("128 bits")
          expectProblem(yield* storeRequest("POST", "/cart/cart_any/checkout", undefined, { idempotencyKey: key }), 400, "validation_failed")
        }
      }))
  })

  describe("two guests with one key", () => {
    it.effect("the second never gets the first's cart once the first has changed it: 422, and none of its data", () =>
      Effect.gen(function*() {
        const key = crypto.randomUUID()
        const body = yield* linenItems
        const first = expectCart(yield* storeRequest("POST", "/cart", body, { idempotencyKey: key }), 201)
        // a lost response retried at once (the cart untouched) is still replayed
        const retried = yield* storeRequest("POST", "/cart", body, { idempotencyKey: key })
        expect(retried.status).toBe(201)
        expect((retried.body as { id: string }).id).toBe(first.cart.id)
        const privateAddress = { ...DHAKA_ADDRESS, name: "Guest One", road: "5 Private Road", email: "guest1@example.com" }
        expectCart(yield* storeRequest("PUT", `/cart/${first.cart.id}/shipping-address`, privateAddress))

        const second = yield* storeRequest("POST", "/cart", body, { idempotencyKey: key })
        expectProblem(second, 422, "idempotency_key_reused")
        for (const secret of [first.cart.id, "Guest One", "5 Private Road", "guest1@example.com"]) {
          expect(second.text).not.toContain(secret)
        }
      }))

    it.effect("a checkout's key is its cart's: the same key under another cart is that cart's own request", () =>
      Effect.gen(function*() {
        const key = crypto.randomUUID()
        const body = yield* linenItems
        const carts = []
        for (const name of ["Guest One", "Guest Two"]) {
          const cart = expectCart(yield* storeRequest("POST", "/cart", body), 201)
          expectCart(yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-address`, { ...DHAKA_ADDRESS, name }))
          expectCart(yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-method`, { shippingMethodId: "sm_a_standard" }))
          carts.push(cart.cart.id)
        }
        const [one, two] = carts as [string, string]
        const firstOrder = yield* storeRequest("POST", `/cart/${one}/checkout`, undefined, { idempotencyKey: key })
        expect(firstOrder.status, firstOrder.text).toBe(201)
        const secondOrder = yield* storeRequest("POST", `/cart/${two}/checkout`, undefined, { idempotencyKey: key })
        expect(secondOrder.status, secondOrder.text).toBe(201)
        expect((secondOrder.body as { id: string }).id).not.toBe((firstOrder.body as { id: string }).id)
        expect(secondOrder.text).toContain("Guest Two")
        expect(secondOrder.text).not.toContain("Guest One")
      }))
  })
})
