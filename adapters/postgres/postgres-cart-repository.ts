/**
 * CartRepository over the `carts` table (migration 0004). The lines are a JSON array in the cart
 * row, so one statement reads a cart with its lines consistently, and a change is one UPDATE.
 * `findForChange` reads the cart together with its variants' prices and stock in one statement;
 * `locked` adds `FOR UPDATE OF c` (a waiting lock re-reads the row itself, and any line whose
 * variant the statement could not see is left out of the map: the use case reads those again).
 * `updateIfVersion` is the optimistic write: `UPDATE … WHERE version = expected`, atomic in
 * PostgreSQL (a concurrent writer's row lock makes it wait and then re-check the version).
 * JSON travels as text in both directions: the client's name transforms must not touch its keys.
 *
 * Durability (`CartCommit`, the CART_COMMIT setting): by default every write is durable, so a
 * change the client saw succeed survives a crash of the database server. Creating a cart and
 * changing it outside a unit of work (add to cart, its other changes) do that by group commit
 * (group-commit.ts): the statement commits asynchronously (`synchronous_commit = off` for its
 * transaction, set by the statement itself so that it needs no extra round trip), and the
 * write returns once one WAL flush shared with every write in flight has passed its commit.
 * Inside a unit of work (a creation under an Idempotency-Key, checkout) the write's transaction
 * simply commits synchronously. With "relaxed", creating and changing a cart commit
 * asynchronously and return at once: the write is visible at once and atomic as ever, but a
 * crash of the database server may lose the last fraction of a second of cart changes (never an
 * order: checkout's `update` commits durably, and its WAL flush also makes every earlier cart
 * change durable).
 */
import { Context, Effect, Layer, Option, Schema, Struct } from "effect"
import { SqlClient } from "effect/sql"
import { CartRepository, type CartReadMode } from "../../application/cart/cart-repository.ts"
import { Cart, CartLine } from "../../domain/cart/cart.ts"
import { CartId, VariantId } from "../../domain/shared/ids.ts"
import { Address } from "../../domain/shipping/address.ts"
import { cartVariantsJsonOf, decodeCartVariantsJson } from "./postgres-inventory.ts"
import { GroupCommit } from "./group-commit.ts"
import * as PostgresGroupCommit from "./group-commit.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

export const CartRow = Schema.Struct({
  ...Cart.fields,
  lines: Schema.fromJsonString(Schema.Array(CartLine)),
  shippingAddress: Schema.NullOr(Schema.fromJsonString(Address)),
  billingAddress: Schema.NullOr(Schema.fromJsonString(Address))
})

/** A cart row with the JSON of its variants' store data (`cartVariantsJsonOf`). */
export const CartForChangeRow = Schema.Struct({ ...CartRow.fields, variants: Schema.String })

export const ForChange = Schema.Struct({ cartId: CartId, addedVariantIds: Schema.Array(VariantId) })

const addressJson = (address: Address | null): string | null => address === null ? null : JSON.stringify(address)

const linesJson = (cart: Cart): string =>
  JSON.stringify(cart.lines.map((line) => Struct.pick(line, ["id", "variantId", "productId", "quantity"])))

const CART_COLUMNS = `c.id, c.shop_id, c.customer_id, c.status, c.lines::text AS lines, c.customer_note,
  c.shipping_address::text AS shipping_address, c.billing_address::text AS billing_address,
  c.shipping_method_id, c.payment_method, c.coupon_code, c.version, c.created_at, c.updated_at, c.expires_at`

const VARIANTS_OF_LINES_AND_ADDED = cartVariantsJsonOf(
  "ARRAY(SELECT jsonb_array_elements(c.lines) ->> 'variantId') || $2::text[]",
  "c.shop_id"
)

const FIND_FOR_CHANGE_SNAPSHOT = `SELECT ${CART_COLUMNS}, ${VARIANTS_OF_LINES_AND_ADDED} AS variants FROM carts c WHERE c.id = $1`
const FIND_FOR_CHANGE_LOCKED = `${FIND_FOR_CHANGE_SNAPSHOT} FOR UPDATE OF c`

type CommitDurability = "durable" | "relaxed"

/** How cart creation and changes commit (CART_COMMIT); checkout's completion is always durable. */
export const CartCommit = Context.Reference<CommitDurability>("storefront/CartCommit", { defaultValue: () => "durable" })
/**
 * Ends a writing statement: "asynchronous" also sets `synchronous_commit = off` until its
 * transaction ends (for an autocommit statement, the statement's own), so that commit does not
 * wait for the WAL flush. RETURNING runs only when a row was written.
 */
const RETURNING = {
  synchronous: "RETURNING id",
  asynchronous: "RETURNING id, set_config('synchronous_commit', 'off', true) AS relaxed_commit"
} as const

export const makePostgresCartRepository = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cartCommit = yield* CartCommit
  const groupCommit = yield* GroupCommit
  const columns = sql.literal(CART_COLUMNS)

  /**
   * Runs a cart write (given how its statement should end) with the durability asked for:
   * relaxed commits asynchronously; durable inside a unit of work commits with it, synchronously;
   * durable on its own commits asynchronously and waits for the shared flush.
   */
  const committed = <A, E, R>(durability: CommitDurability, write: (returning: string) => Effect.Effect<A, E, R>) =>
    Effect.gen(function*() {
      if (durability === "relaxed") return yield* write(RETURNING.asynchronous)
      if (Option.isSome(yield* Effect.serviceOption(sql.transactionService))) return yield* write(RETURNING.synchronous)
      const result = yield* write(RETURNING.asynchronous)
      yield* groupCommit.durable
      return result
    })

  const select = (lock: boolean) =>
    findOne({
      Request: CartId,
      Result: CartRow,
      execute: (cartId) => sql`SELECT ${columns} FROM carts c WHERE c.id = ${cartId} ${sql.literal(lock ? "FOR UPDATE" : "")}`
    })
  const findById = select(false)
  const findByIdForUpdate = select(true)

  const forChange = (mode: CartReadMode) =>
    findOne({
      Request: ForChange,
      Result: CartForChangeRow,
      execute: ({ addedVariantIds, cartId }) =>
        sql.unsafe(mode === "locked" ? FIND_FOR_CHANGE_LOCKED : FIND_FOR_CHANGE_SNAPSHOT, [cartId, [...addedVariantIds]])
    })
  const forChangeIn = { snapshot: forChange("snapshot"), locked: forChange("locked") }

  const findForChange = (cartId: CartId, addedVariantIds: ReadonlyArray<VariantId>, mode: CartReadMode) =>
    Effect.map(
      forChangeIn[mode]({ cartId, addedVariantIds }),
      Option.map(({ variants, ...cart }) => ({ cart, variants: decodeCartVariantsJson(variants) }))
    )

  /** Writes every field of the cart; with a version, only while the stored cart is still at it. */
  const replace = (cart: Cart, expectedVersion: number | null, durability: CommitDurability) =>
    committed(durability, (returning) => orStoreUnavailable(sql`
      UPDATE carts SET
        customer_id = ${cart.customerId},
        status = ${cart.status},
        lines = ${linesJson(cart)}::jsonb,
        customer_note = ${cart.customerNote},
        shipping_address = ${addressJson(cart.shippingAddress)}::jsonb,
        billing_address = ${addressJson(cart.billingAddress)}::jsonb,
        shipping_method_id = ${cart.shippingMethodId},
        payment_method = ${cart.paymentMethod},
        coupon_code = ${cart.couponCode},
        version = ${cart.version},
        updated_at = ${cart.updatedAt},
        expires_at = ${cart.expiresAt}
      WHERE id = ${cart.id} ${expectedVersion === null ? sql.literal("") : sql`AND version = ${expectedVersion}`}
      ${sql.literal(returning)}`)).pipe(Effect.map((rows) => rows.length === 1))

  return CartRepository.of({
    findById,
    findByIdForUpdate,
    findForChange,
    insert: (cart) =>
      committed(cartCommit, (returning) => orStoreUnavailable(sql`
        INSERT INTO carts (id, shop_id, customer_id, status, lines, customer_note, shipping_address, billing_address,
          shipping_method_id, payment_method, coupon_code, version, created_at, updated_at, expires_at)
        VALUES (${cart.id}, ${cart.shopId}, ${cart.customerId}, ${cart.status},
          ${linesJson(cart)}::jsonb, ${cart.customerNote}, ${addressJson(cart.shippingAddress)}::jsonb,
          ${addressJson(cart.billingAddress)}::jsonb, ${cart.shippingMethodId}, ${cart.paymentMethod}, ${cart.couponCode},
          ${cart.version}, ${cart.createdAt}, ${cart.updatedAt}, ${cart.expiresAt})
        ${sql.literal(returning)}`)).pipe(Effect.asVoid),
    update: (cart) =>
      replace(cart, null, "durable").pipe(
        Effect.flatMap((replaced) => replaced ? Effect.void : Effect.die(new Error(`cart ${cart.id} does not exist`)))
      ),
    updateIfVersion: (cart, expectedVersion) => replace(cart, expectedVersion, cartCommit)
  })
})

export const layer = Layer.effect(CartRepository, makePostgresCartRepository).pipe(
  Layer.provide(PostgresGroupCommit.layer)
)
