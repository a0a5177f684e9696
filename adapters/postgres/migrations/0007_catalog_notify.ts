/**
 * Push for the catalog read model: every statement that writes a catalog table announces it on
 * CATALOG_CHANGED_CHANNEL (`pg_notify`, delivered when and only if its transaction commits, and
 * folded into one notification per transaction), so every instance refreshes within moments
 * instead of at its next poll. Statement-level triggers: a bulk import costs one notification
 * per statement before folding, not one per row. The poll stays as the fallback.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const catalogTables = [
  "shops", "publishable_keys", "categories", "size_guides", "products", "shipping_methods",
  "variants", "product_shops", "product_categories"
]

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('storefront_catalog_changed', '');
      RETURN NULL;
    END
    $$`
  for (const table of catalogTables) {
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_notify_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed()`
    )
  }
})
