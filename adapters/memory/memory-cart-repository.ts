/**
 * CartRepository in a map, for tests and library users who want no database. Locked changes are
 * made inside MemoryTransactions' units of work, which run one at a time, so reading "for update"
 * needs no lock of its own; `updateIfVersion` checks and writes in one synchronous step, which is
 * atomic in JavaScript. The variants a change prices with come from the Inventory.
 */
import { Effect, Layer, Option } from "effect"
import { CartRepository } from "../../application/cart/cart-repository.ts"
import { Inventory } from "../../application/cart/inventory.ts"
import type { Cart } from "../../domain/cart/cart.ts"
import { insertNew, replaceExisting } from "./memory-records.ts"
import type { CartId } from "../../domain/shared/ids.ts"

export const makeMemoryCartRepository = Effect.gen(function*() {
  const inventory = yield* Inventory
  const carts = new Map<string, Cart>()
  const find = (cartId: CartId) => Effect.sync(() => Option.fromNullishOr(carts.get(cartId)))
  return CartRepository.of({
    findById: find,
    findByIdForUpdate: find,
    findForChange: (cartId, addedVariantIds) =>
      Effect.flatMap(find(cartId), (found) => {
        if (Option.isNone(found)) return Effect.succeed(Option.none())
        const cart = found.value
        const variantIds = [...new Set([...cart.lines.map((line) => line.variantId), ...addedVariantIds])]
        return Effect.map(inventory.variantsForShop(cart.shopId, variantIds), (variants) => Option.some({ cart, variants }))
      }),
    insert: (cart) => insertNew(carts, "cart", cart),
    update: (cart) => replaceExisting(carts, "cart", cart),
    updateIfVersion: (cart, expectedVersion) =>
      Effect.sync(() => {
        if (carts.get(cart.id)?.version !== expectedVersion) return false
        carts.set(cart.id, cart)
        return true
      })
  })
})

/** CartRepository over the Inventory it is given. */
export const layer = Layer.effect(CartRepository, makeMemoryCartRepository)
