/**
 * Catalog schema. Money is integer minor units; percentages are basis points.
 * Every catalog row records the id of the transaction that last wrote it (`changed_txid`),
 * so readers can follow changes in commit order: a reader that has applied everything up to
 * snapshot xmin X re-reads rows with changed_txid >= X (see postgres-catalog-source.ts).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE shops (
      id text PRIMARY KEY,
      name text NOT NULL,
      zone_rules jsonb NOT NULL DEFAULT '[]',
      default_zone_type text NOT NULL,
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`
    CREATE TABLE publishable_keys (
      key text PRIMARY KEY,
      title text NOT NULL,
      shop_ids text[] NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`
    CREATE TABLE categories (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      description text,
      image text,
      parent_id text REFERENCES categories (id),
      position integer NOT NULL DEFAULT 0,
      seo_meta_title text,
      seo_meta_description text,
      seo_og_image text,
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`CREATE INDEX categories_parent_idx ON categories (parent_id)`
  yield* sql`
    CREATE TABLE size_guides (
      id text PRIMARY KEY,
      name text NOT NULL,
      content text NOT NULL,
      image_url text NOT NULL,
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`
    CREATE TABLE products (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      sku text NOT NULL,
      product_type text,
      unit_name text,
      thumbnail text,
      images jsonb NOT NULL DEFAULT '[]',
      tags text[] NOT NULL DEFAULT '{}',
      attributes jsonb,
      seo jsonb NOT NULL,
      size_guide_id text REFERENCES size_guides (id),
      variant_options jsonb NOT NULL DEFAULT '[]',
      enabled boolean NOT NULL DEFAULT true,
      requires_shipping boolean NOT NULL DEFAULT true,
      sales_count integer NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
      created_at timestamptz NOT NULL,
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`CREATE INDEX products_changed_txid_idx ON products (changed_txid)`
  yield* sql`
    CREATE TABLE product_shops (
      product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      shop_id text NOT NULL REFERENCES shops (id),
      PRIMARY KEY (product_id, shop_id)
    )`
  yield* sql`CREATE INDEX product_shops_shop_idx ON product_shops (shop_id, product_id)`
  yield* sql`
    CREATE TABLE product_categories (
      product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      category_id text NOT NULL REFERENCES categories (id),
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, category_id)
    )`
  yield* sql`CREATE INDEX product_categories_category_idx ON product_categories (category_id, product_id)`
  yield* sql`
    CREATE TABLE variants (
      id text PRIMARY KEY,
      product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      sku text NOT NULL UNIQUE,
      position integer NOT NULL DEFAULT 0,
      original_price integer NOT NULL CHECK (original_price >= 0),
      sale_price integer CHECK (sale_price >= 0),
      stock integer NOT NULL CHECK (stock >= 0),
      weight_grams integer NOT NULL DEFAULT 0 CHECK (weight_grams >= 0),
      images jsonb NOT NULL DEFAULT '[]',
      option_values jsonb NOT NULL DEFAULT '{}'
    )`
  yield* sql`CREATE INDEX variants_product_idx ON variants (product_id, position)`
  yield* sql`
    CREATE TABLE shipping_methods (
      id text PRIMARY KEY,
      shop_id text NOT NULL REFERENCES shops (id),
      name text NOT NULL,
      description text,
      sla_text text,
      sla_min_days integer,
      sla_max_days integer,
      min_order_value_for_free_shipping integer,
      cod_surcharge_enabled boolean NOT NULL DEFAULT false,
      cod_surcharge_type text CHECK (cod_surcharge_type IN ('fixed', 'percentage')),
      cod_surcharge_value integer,
      zones jsonb NOT NULL DEFAULT '[]',
      position integer NOT NULL DEFAULT 0,
      changed_txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`
  yield* sql`CREATE INDEX shipping_methods_shop_idx ON shipping_methods (shop_id, position)`
  yield* sql`
    CREATE TABLE coupons (
      id text PRIMARY KEY,
      code text NOT NULL,
      shop_id text NOT NULL REFERENCES shops (id),
      type text NOT NULL CHECK (type IN ('percentage', 'fixed')),
      value integer NOT NULL CHECK (value >= 0),
      min_subtotal integer NOT NULL DEFAULT 0,
      starts_at timestamptz,
      ends_at timestamptz,
      usage_limit integer,
      usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0)
    )`
  yield* sql`CREATE UNIQUE INDEX coupons_shop_code_idx ON coupons (shop_id, upper(code))`
  yield* sql`
    CREATE TABLE customers (
      id text PRIMARY KEY,
      name text NOT NULL,
      email text,
      phone text,
      avatar_url text,
      default_shipping_address_id text,
      password_hash text,
      email_verified boolean NOT NULL DEFAULT false,
      phone_verified boolean NOT NULL DEFAULT false,
      source text NOT NULL DEFAULT 'storefront',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE UNIQUE INDEX customers_email_idx ON customers (email) WHERE email IS NOT NULL`
  yield* sql`CREATE UNIQUE INDEX customers_phone_idx ON customers (phone) WHERE phone IS NOT NULL`
})
