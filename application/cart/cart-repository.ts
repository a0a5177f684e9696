/**
 * Port: carts with their lines. Concurrent changes of one cart lose nothing in two ways:
 * - optimistically (cart changes): read a snapshot, then `updateIfVersion`, which writes only
 *   when nobody changed the cart since (compare-and-set on the version);
 * - under a lock (checkout, and a change that lost the race): inside `Transactions.atomically`,
 *   read with `findByIdForUpdate` or `findForChange(…, "locked")` so the cart stays locked
 *   until the unit of work ends (a row lock in SQL, the unit-of-work lock in memory).
 * Durability: `insert` and `updateIfVersion` (a cart's creation and changes) may be committed
 * asynchronously by an adapter (a crash of the store may lose the last moments of cart changes);
 * `update`, which checkout uses to complete the cart with its order, is always durable. A unit
 * of work that calls `insert` or `updateIfVersion` may be lost as a whole in such a crash, so it
 * holds nothing that must outlive the cart change: a cart created under an Idempotency-Key
 * records its response with it, and both are lost together (the retry then creates the cart
 * once the key's lease has run out).
 * Adapters: adapters/postgres/postgres-cart-repository.ts, adapters/memory/memory-cart-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Cart } from "../../domain/cart/cart.ts"
import type { CartId, VariantId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CartVariant } from "./cart-variant.ts"

export interface CartForChange {
  readonly cart: Cart
  /**
   * The store's data of the variants of the cart's lines and of the added ones that exist, by
   * id (visibility in the cart's shop). A line's variant may be missing when it no longer
   * exists (or, on SQL, when another change added the line while this one waited for the lock).
   */
  readonly variants: ReadonlyMap<VariantId, CartVariant>
}

/** How a change reads the cart: a snapshot for an optimistic change, or locked for the unit of work. */
export type CartReadMode = "snapshot" | "locked"

export class CartRepository extends Context.Service<CartRepository, {
  readonly findById: (cartId: CartId) => Effect.Effect<Option.Option<Cart>, StoreUnavailable>
  /** Like findById, but inside a unit of work the cart stays locked until it ends. */
  readonly findByIdForUpdate: (cartId: CartId) => Effect.Effect<Option.Option<Cart>, StoreUnavailable>
  /**
   * The cart with the catalog data every change prices with, in one round trip on SQL (the cart
   * routes' hot path). `snapshot` reads without locking; `locked` is like findByIdForUpdate.
   */
  readonly findForChange: (
    cartId: CartId,
    addedVariantIds: ReadonlyArray<VariantId>,
    mode: CartReadMode
  ) => Effect.Effect<Option.Option<CartForChange>, StoreUnavailable>
  readonly insert: (cart: Cart) => Effect.Effect<void, StoreUnavailable>
  /** Replaces the stored cart with the same id, lines included (the caller holds the cart's lock). */
  readonly update: (cart: Cart) => Effect.Effect<void, StoreUnavailable>
  /**
   * Replaces the stored cart with the same id only while it is still at `expectedVersion`, in
   * one atomic step; false (and nothing written) when another change got there first.
   */
  readonly updateIfVersion: (cart: Cart, expectedVersion: number) => Effect.Effect<boolean, StoreUnavailable>
}>()("storefront/CartRepository") {}
