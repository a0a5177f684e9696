/**
 * The bulk-load technique for an import into an empty catalog: the unique indexes whose keys
 * arrive in random order (product slugs, variant ids and skus) and the foreign keys to products
 * are dropped before the products are written and created again after, which builds each index
 * with one sort and checks each foreign key with one join, instead of millions of random-order
 * B-tree inserts and row-by-row checks. Product ids, shop and category links and
 * `(product_id, position)` arrive in index order and keep their indexes.
 *
 * Only when it is safe: the four catalog product tables are locked first (ACCESS EXCLUSIVE, so
 * no reader sees them without their indexes) and only if the lock is granted within
 * `LOCK_WAIT` (a reader holding it keeps the import on the ordinary path rather than queueing
 * every later reader behind it) and `products` is empty (so readers, who wait until the import
 * commits, had nothing to read there). Otherwise the lock is released at once (its savepoint is
 * rolled back) and the import writes through the indexes. The statement triggers stamping
 * owning products, which have nothing to stamp then, are off during the write. It all happens in
 * the import's transaction: a failing import rolls the drops back with everything else.
 */
import { Effect } from "effect"
import type { SqlClient, SqlError } from "effect/sql"

const LOCK_WAIT = "2s"
/** Memory for each index build's sort (the server default of 64 MB sorts 2.5M skus on disk). */
const INDEX_BUILD_MEM = "256MB"

const tables = ["products", "variants", "product_shops", "product_categories"] as const

/** A constraint dropped for the load, with what re-creates it. */
interface SetAside {
  readonly relation: string
  readonly name: string
  readonly definition: string
}

class NotEmpty {
  readonly _tag = "NotEmpty"
}

/** Locks the product tables for the rest of the transaction if that is quick and `products` is empty. */
const lockEmptyCatalog = (sql: SqlClient.SqlClient): Effect.Effect<boolean, SqlError.SqlError> =>
  sql.withTransaction(Effect.gen(function*() {
    yield* sql.unsafe(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`)
    yield* sql.unsafe(`LOCK TABLE ${tables.join(", ")} IN ACCESS EXCLUSIVE MODE`)
    const rows = yield* sql<{ empty: boolean }>`SELECT NOT EXISTS (SELECT 1 FROM products) AS empty`
    if (rows[0]?.empty !== true) return yield* Effect.fail(new NotEmpty())
    yield* sql.unsafe(`SET LOCAL lock_timeout = DEFAULT`)
    return true
  })).pipe(
    Effect.catchTag("NotEmpty", () => Effect.succeed(false)),
    Effect.catchIf((error) => error.reason._tag === "LockTimeoutError", () => Effect.succeed(false))
  )

/**
 * The product-slug, variant-id and variant-sku unique constraints (those no foreign key
 * depends on) and the foreign keys to products, as the catalog defines them.
 */
const constraintsToSetAside = (sql: SqlClient.SqlClient) =>
  sql<SetAside>`
    SELECT c.conrelid::regclass::text AS relation, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    WHERE (c.contype IN ('p', 'u') AND c.conrelid IN ('products'::regclass, 'variants'::regclass)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid))
      OR (c.contype = 'f' AND c.confrelid = 'products'::regclass)
    ORDER BY c.contype DESC, c.conname`

/**
 * The statement triggers by which a write to variants or links stamps its owning products
 * (migration 0002): with the catalog empty every product written is new in this transaction,
 * stamped already, so they would read every link and variant written to change nothing.
 */
const stampingTriggers = (sql: SqlClient.SqlClient) =>
  sql<{ relation: string; name: string }>`
    SELECT t.tgrelid::regclass::text AS relation, t.tgname AS name
    FROM pg_trigger t
    WHERE t.tgfoid = 'stamp_owning_products'::regproc AND t.tgenabled <> 'D'
      AND t.tgrelid IN ('variants'::regclass, 'product_shops'::regclass, 'product_categories'::regclass)
    ORDER BY t.tgname`

/**
 * Runs `write` (which inserts the products into empty tables) between dropping and re-creating
 * the constraints (the stamping triggers off meanwhile) when the catalog is empty and can be
 * locked; else runs it as it is.
 */
export const loadIntoEmptyCatalog = <A, E, R>(
  sql: SqlClient.SqlClient,
  write: Effect.Effect<A, E, R>
): Effect.Effect<A, E | SqlError.SqlError, R> =>
  Effect.gen(function*() {
    if (!(yield* lockEmptyCatalog(sql))) return yield* write
    const setAside = yield* constraintsToSetAside(sql)
    const triggers = yield* stampingTriggers(sql)
    for (const constraint of setAside) {
      yield* sql.unsafe(`ALTER TABLE ${constraint.relation} DROP CONSTRAINT "${constraint.name}"`)
    }
    for (const trigger of triggers) yield* sql.unsafe(`ALTER TABLE ${trigger.relation} DISABLE TRIGGER "${trigger.name}"`)
    const result = yield* write
    for (const trigger of triggers) yield* sql.unsafe(`ALTER TABLE ${trigger.relation} ENABLE TRIGGER "${trigger.name}"`)
    yield* sql.unsafe(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEM}'`)
    // unique and primary keys first (in that order), then the foreign keys
    for (const constraint of setAside) {
      yield* sql.unsafe(`ALTER TABLE ${constraint.relation} ADD CONSTRAINT "${constraint.name}" ${constraint.definition}`)
    }
    return result
  })
