/**
 * Use case: GET /cart/{id}. The cart priced with the store's current prices; an expired cart is
 * CartExpired (a completed one stays readable). A signed-in customer reading a guest cart claims
 * it (a change, so it is made like any other).
 */
import { Clock, Effect } from "effect"
import { assertNotExpired } from "../../domain/cart/cart.ts"
import { CartNotFound } from "../../domain/cart/errors/cart-not-found.ts"
import type { CartId } from "../../domain/shared/ids.ts"
import { assertVisibleTo, type CartRequester, claimsCart } from "./cart-requester.ts"
import type { CartPorts } from "./cart-ports.ts"
import { changeCart } from "./change-cart.ts"
import { priceCart } from "./priced-cart.ts"
import { loadPricingInputs } from "./pricing-inputs.ts"

export const getCart = (ports: CartPorts, cartId: CartId, requester: CartRequester) =>
  Effect.gen(function*() {
    const stored = yield* ports.carts.findById(cartId)
    if (stored._tag === "None") return yield* new CartNotFound({ cartId })
    const now = new Date(yield* Clock.currentTimeMillis)
    const cart = yield* Effect.fromResult(assertVisibleTo(stored.value, requester))
    yield* Effect.fromResult(assertNotExpired(cart, now))
    if (claimsCart(cart, requester)) {
      return yield* changeCart(ports, { cartId, requester, expectedVersions: null }, { apply: (claimed) => Effect.succeed(claimed) })
    }
    return priceCart(cart, yield* loadPricingInputs(ports, cart))
  })
