/**
 * Carts, orders and Idempotency-Key records (docs/contract/cart.md, docs/contract/orders.md). Money is integer minor units
 * (bigint where quantities multiply prices).
 *
 * - A cart's lines live in the cart row (`lines` jsonb: id, variantId, productId, quantity), so
 *   locking the row locks the lines and one statement reads both consistently. A line whose
 *   variant a re-import deleted is neither shown nor priced and is dropped at the cart's next
 *   change (application/cart/change-cart.ts): it vanishes as with ON DELETE CASCADE, without a
 *   cart write inside the import. Order lines are snapshots with no reference to variants, so an
 *   order never changes when the catalog does.
 * - One order per cart (`orders.cart_id` UNIQUE) backs up the rule that a cart is checked out
 *   once. Order numbers come from a sequence starting at 100000 (gaps where a checkout rolled
 *   back are fine: the numbers only need to be unique and readable).
 * - `carts` has no index on a column a change writes (version, lines, expiry), so changes are
 *   HOT updates.
 * - `customer_id` columns are plain references (no foreign key): carts and orders outlive any
 *   change to how accounts are stored, and a guest cart has none.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE carts (
      id text PRIMARY KEY,
      shop_id text NOT NULL REFERENCES shops (id),
      customer_id text,
      status text NOT NULL CHECK (status IN ('active', 'completed')),
      customer_note text NOT NULL DEFAULT '',
      shipping_address jsonb,
      billing_address jsonb,
      shipping_method_id text NOT NULL DEFAULT '',
      payment_method text NOT NULL CHECK (payment_method IN ('cod', 'prepaid')),
      coupon_code text NOT NULL DEFAULT '',
      lines jsonb NOT NULL DEFAULT '[]',
      version integer NOT NULL CHECK (version >= 1),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX carts_customer_idx ON carts (customer_id) WHERE customer_id IS NOT NULL`
  yield* sql`CREATE SEQUENCE order_number_seq AS bigint START WITH 100000 MINVALUE 100000`
  yield* sql`
    CREATE TABLE orders (
      id text PRIMARY KEY,
      order_number bigint NOT NULL UNIQUE,
      shop_id text NOT NULL REFERENCES shops (id),
      customer_id text NOT NULL,
      cart_id text NOT NULL UNIQUE,
      status text NOT NULL,
      payment_status text NOT NULL,
      payment_method text NOT NULL CHECK (payment_method IN ('cod', 'prepaid')),
      customer_notes text,
      coupon_code text NOT NULL DEFAULT '',
      subtotal bigint NOT NULL CHECK (subtotal >= 0),
      discount_total bigint NOT NULL CHECK (discount_total >= 0),
      shipping_fee bigint NOT NULL CHECK (shipping_fee >= 0),
      cod_fee bigint NOT NULL CHECK (cod_fee >= 0),
      total bigint NOT NULL CHECK (total >= 0),
      amount_paid bigint NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
      shipping_address jsonb NOT NULL,
      billing_address jsonb,
      shipping_method_id text NOT NULL DEFAULT '',
      shipping_method_name text NOT NULL DEFAULT '',
      courier_name text NOT NULL DEFAULT '',
      tracking_status text NOT NULL,
      tracking_number text NOT NULL DEFAULT '',
      tracking_url text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC, order_number DESC)`
  yield* sql`
    CREATE TABLE order_items (
      id text PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      position integer NOT NULL,
      variant_id text NOT NULL,
      product_id text NOT NULL,
      product_name text NOT NULL,
      product_sku text NOT NULL,
      variant_sku text NOT NULL,
      images jsonb NOT NULL DEFAULT '[]',
      option_values jsonb NOT NULL DEFAULT '{}',
      quantity integer NOT NULL CHECK (quantity >= 1),
      unit_price bigint NOT NULL CHECK (unit_price >= 0),
      compare_at_price bigint NOT NULL CHECK (compare_at_price >= 0),
      line_total bigint NOT NULL CHECK (line_total >= 0)
    )`
  yield* sql`CREATE INDEX order_items_order_idx ON order_items (order_id, position)`
  yield* sql`
    CREATE TABLE idempotency_keys (
      scope text NOT NULL,
      key text NOT NULL,
      fingerprint text NOT NULL,
      owner text NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'finished')),
      response_status integer,
      response_headers jsonb,
      response_body text,
      created_at timestamptz NOT NULL,
      lease_until timestamptz NOT NULL,
      retain_until timestamptz NOT NULL,
      PRIMARY KEY (scope, key)
    )`
  yield* sql`CREATE INDEX idempotency_keys_retain_idx ON idempotency_keys (retain_until)`
})
