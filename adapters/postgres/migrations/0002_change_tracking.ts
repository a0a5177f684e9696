/**
 * Change tracking for the catalog read model. Whatever writes the catalog (the import, checkout
 * decrementing stock, an admin tool, psql), the rows it touches carry the id of the writing
 * transaction in `changed_txid`:
 *
 * - an insert or update of shops, publishable_keys, categories, size_guides, products or
 *   shipping_methods stamps the row itself (BEFORE row trigger);
 * - an insert, update or delete of variants, product_shops or product_categories stamps the
 *   owning product (AFTER statement triggers over the transition tables, so a bulk statement
 *   costs one UPDATE, not one per row; products already stamped by this transaction are skipped).
 *
 * Deleting reference rows is not tracked (nothing deletes them; the import only upserts).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const stampedTables = ["shops", "publishable_keys", "categories", "size_guides", "products", "shipping_methods"]
const productChildTables = ["variants", "product_shops", "product_categories"]

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION stamp_changed_txid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.changed_txid := pg_current_xact_id();
      RETURN NEW;
    END
    $$`
  yield* sql`
    CREATE FUNCTION stamp_owning_products() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
        UPDATE products SET changed_txid = pg_current_xact_id()
        WHERE id IN (SELECT product_id FROM new_rows)
          AND changed_txid IS DISTINCT FROM pg_current_xact_id();
      END IF;
      IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
        UPDATE products SET changed_txid = pg_current_xact_id()
        WHERE id IN (SELECT product_id FROM old_rows)
          AND changed_txid IS DISTINCT FROM pg_current_xact_id();
      END IF;
      RETURN NULL;
    END
    $$`
  for (const table of stampedTables) {
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_stamp_changed_txid BEFORE INSERT OR UPDATE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION stamp_changed_txid()`
    )
  }
  // A trigger with transition tables handles a single event, hence three per table.
  for (const table of productChildTables) {
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_stamp_products_on_insert AFTER INSERT ON ${table}
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stamp_owning_products()`
    )
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_stamp_products_on_update AFTER UPDATE ON ${table}
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stamp_owning_products()`
    )
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_stamp_products_on_delete AFTER DELETE ON ${table}
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stamp_owning_products()`
    )
  }
})
