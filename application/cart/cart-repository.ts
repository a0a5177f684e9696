/**
 * Port: carts with their lines. Use cases change a cart inside `Transactions.atomically`, reading
 * it with `findByIdForUpdate` so that concurrent changes of one cart run one after the other
 * (a row lock in SQL, the unit-of-work lock in memory) and none is lost.
 * Adapters: adapters/postgres/postgres-cart-repository.ts, adapters/memory/memory-cart-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Cart } from "../../domain/cart/cart.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CartVariant } from "./cart-variant.ts"

export interface CartForChange {
  readonly cart: Cart
  /**
   * The store's data of the variants of the cart's lines and of the added ones that exist, by
   * id (visibility in the cart's shop). A line's variant may be missing when it no longer
   * exists (or, on SQL, when another change added the line while this one waited for the lock).
   */
  readonly variants: ReadonlyMap<string, CartVariant>
}

export class CartRepository extends Context.Service<CartRepository, {
  readonly findById: (cartId: string) => Effect.Effect<Option.Option<Cart>, StoreUnavailable>
  /** Like findById, but inside a unit of work the cart stays locked until it ends. */
  readonly findByIdForUpdate: (cartId: string) => Effect.Effect<Option.Option<Cart>, StoreUnavailable>
  /**
   * Like findByIdForUpdate, with the catalog data every change prices with, in one round trip
   * on SQL (the cart routes' hot path).
   */
  readonly findForChange: (
    cartId: string,
    addedVariantIds: ReadonlyArray<string>
  ) => Effect.Effect<Option.Option<CartForChange>, StoreUnavailable>
  readonly insert: (cart: Cart) => Effect.Effect<void, StoreUnavailable>
  /** Replaces the stored cart with the same id, lines included. */
  readonly update: (cart: Cart) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/CartRepository") {}
