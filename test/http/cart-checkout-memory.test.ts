/**
 * The in-memory adapters serve the same buying path: a guest and a signed-in customer go from
 * an empty cart to an order (and the order history), stock is taken, and the last unit cannot be
 * sold twice, with no database at all.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { registerCustomer } from "../support/account-http.ts"
import { createCart, DHAKA_ADDRESS, expectCart } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { expectProblem, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { buyingFixture, fixtureVariant } from "../support/buying-fixture.ts"
import { memoryBuyingTestStores } from "../support/buying-stores.ts"
import { ShippingMethodId } from "../../domain/shared/ids.ts"

const stores = memoryBuyingTestStores(buyingFixture()).pipe(
  Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
)

layer(testServer(stores), { excludeTestServices: true })("buying path over HTTP (memory adapters)", (it) => {
  it.effect("guest and signed-in checkouts; the last unit is sold once; the order shows in the history", () =>
    Effect.gen(function*() {
      const lamp = yield* fixtureVariant("FIX-LAMP-1")
      const customer = yield* registerCustomer()
      const signedIn = { accessToken: customer.tokens.accessToken }
      const carts = []
      for (const caller of [{}, signedIn]) {
        const { cart } = yield* createCart({ items: [{ variantId: lamp.variant.id, quantity: 1 }] }, caller)
        expectCart(yield* storeRequest("PUT", `/cart/${cart.id}/shipping-address`, DHAKA_ADDRESS, caller))
        const ready = yield* cartRoutes.setShippingMethod({ cartId: cart.id }, { shippingMethodId: ShippingMethodId.make("sm_a_standard") }, caller)
        // 2.5 kg inside the city: 60 + 2 × 15; COD 1.5 % of 2590
        expect(ready.cart).toMatchObject({ subtotal: 2500, shippingFee: 90, codFee: 38.85, total: 2628.85 })
        carts.push({ cartId: cart.id, caller })
      }
      const [guest, mine] = carts
      const soldOut = yield* storeRequest("POST", `/cart/${mine?.cartId}/checkout`, undefined, signedIn)
      expect(soldOut.status, soldOut.text).toBe(201)
      const order = soldOut.body as { id: string; totalPrice: number; orderNumber: string }
      expect(order.totalPrice).toBe(2628.85)
      expect(Number(order.orderNumber)).toBeGreaterThanOrEqual(100_000)
      expectProblem(yield* storeRequest("POST", `/cart/${guest?.cartId}/checkout`), 409, "insufficient_stock")
      const history = yield* storeRequest("GET", "/customers/me/orders", undefined, signedIn)
      expect(history.status).toBe(200)
      expect(history.body).toMatchObject({ total: 1, data: [{ id: order.id, totalPrice: 2628.85 }] })
      const gift = yield* fixtureVariant("FIX-GIFT-1")
      const giftCart = yield* createCart({ items: [{ variantId: gift.variant.id, quantity: 2 }] })
      expectCart(yield* storeRequest("PUT", `/cart/${giftCart.cart.id}/shipping-address`, DHAKA_ADDRESS))
      const memoryKey = crypto.randomUUID()
      const guestOrder = yield* storeRequest("POST", `/cart/${giftCart.cart.id}/checkout`, undefined, { idempotencyKey: memoryKey })
      const replay = yield* storeRequest("POST", `/cart/${giftCart.cart.id}/checkout`, undefined, { idempotencyKey: memoryKey })
      expect(guestOrder.status).toBe(201)
      expect(replay.text).toBe(guestOrder.text)
    }))
})
