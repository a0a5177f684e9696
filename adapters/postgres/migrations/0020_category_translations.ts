/**
 * Categories' translations (docs/contract/catalog-import.md), as products' (0017): per language
 * tag, the translated name and description, `{}` for none. Adding a column with a constant
 * default rewrites no row.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`
})
