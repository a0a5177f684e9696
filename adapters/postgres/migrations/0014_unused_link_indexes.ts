/**
 * Drops the indexes of the product links by shop and by category: no query reads them (the
 * catalog reads links by product, through the primary keys), and every import wrote them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP INDEX product_shops_shop_idx`
  yield* sql`DROP INDEX product_categories_category_idx`
})
