/**
 * The one way the import writes a table: rows travel as one JSON parameter, unpacked by
 * `jsonb_to_recordset` (parsed once: `json_to_recordset` parses the text again for every jsonb
 * column, ~40 % more of the statement's time for a batch of products), into a single INSERT ... ON CONFLICT DO UPDATE that only rewrites a row
 * when a column actually differs (`WHERE (...) IS DISTINCT FROM (EXCLUDED...)`), so writing the
 * same rows again writes nothing and bumps no `changed_txid`. It returns the natural key of
 * every row it inserted or rewrote.
 *
 * JSON columns are written from JSON text (never through `sql.json`, whose key transform would
 * rename user keys such as attribute names). Table and column names are constants of this
 * adapter, never input.
 */
import { Effect, String as Str } from "effect"
import type { SqlClient, SqlError } from "effect/sql"
import { countsOf, type EntityCounts } from "../../../application/catalog-import/import-summary.ts"

export interface UpsertTable {
  readonly table: string
  /** Every column written, with its SQL type; the rows carry them as JSON keys of the same name. */
  readonly columns: ReadonlyArray<readonly [name: string, type: string]>
  /** The conflict target, e.g. `(id)` or `(shop_id, upper(code))`. */
  readonly conflict: string
  /** The columns a conflicting row takes from the document (when any of them differs). */
  readonly updated: ReadonlyArray<string>
  /** The natural key returned, as an expression over the table (e.g. `id`). */
  readonly key: string
}

/**
 * An upsert by natural key `key` (conflict target `(key)` unless given): a conflicting row takes
 * every column but the id, the key and `kept` from the document.
 */
export const keyedBy = (
  table: string,
  columns: UpsertTable["columns"],
  key: string,
  options: { readonly conflict?: string; readonly kept?: ReadonlyArray<string> } = {}
): UpsertTable => {
  const kept = new Set(["id", key, ...options.kept ?? []])
  return {
    table,
    columns,
    conflict: options.conflict ?? `(${key})`,
    updated: columns.map(([name]) => name).filter((name) => !kept.has(name)),
    key
  }
}

/** The row of a record whose field names are the columns' names in camelCase (`zone_rules` from `zoneRules`). */
export const rowOfFields = (columns: UpsertTable["columns"]) => {
  const fields = columns.map(([name]) => [name, Str.snakeToCamel(name)] as const)
  return (record: object): object => {
    const values = record as Readonly<Record<string, unknown>>
    return Object.fromEntries(fields.map(([column, field]) => [column, values[field]]))
  }
}

export type Upsert = (rows: ReadonlyArray<object>) => Effect.Effect<ReadonlyArray<string>, SqlError.SqlError>

/** `ON CONFLICT ... DO UPDATE` rewriting a conflicting row only when a column differs. */
const onConflict = (spec: UpsertTable): string =>
  `ON CONFLICT ${spec.conflict} DO UPDATE SET ${spec.updated.map((name) => `${name} = EXCLUDED.${name}`).join(", ")}
    WHERE (${spec.updated.map((name) => `${spec.table}.${name}`).join(", ")})
      IS DISTINCT FROM (${spec.updated.map((name) => `EXCLUDED.${name}`).join(", ")})`

const columnNames = (columns: UpsertTable["columns"]): string => columns.map(([name]) => name).join(", ")

/** The record type of `jsonb_to_recordset` (and of a staging table) for these columns. */
export const columnDefinitions = (columns: UpsertTable["columns"]): string =>
  columns.map(([name, type]) => `${name} ${type}`).join(", ")

/** Builds the statement once; each call writes the rows given and returns the keys written. */
export const makeUpsert = (sql: SqlClient.SqlClient, spec: UpsertTable): Upsert => {
  const names = columnNames(spec.columns)
  const head = sql.literal(`INSERT INTO ${spec.table} (${names}) SELECT ${names} FROM jsonb_to_recordset(`)
  const tail = sql.literal(
    `::jsonb) AS t(${columnDefinitions(spec.columns)})
    ${onConflict(spec)}
    RETURNING ${spec.key} AS key`
  )
  return (rows) => Effect.map(sql<{ key: string }>`${head}${asJson(rows)}${tail}`, (written) => written.map((row) => row.key))
}

/** `statement ... RETURNING 1`, answering how many rows it wrote. */
const counted = (sql: SqlClient.SqlClient, statement: string) =>
  Effect.map(
    sql<{ n: number }>`${sql.literal(`WITH written AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM written`)}`,
    (rows) => rows[0]?.n ?? 0
  )

const insertFrom = (spec: UpsertTable, source: string, order: string, stored: boolean): string => {
  const names = columnNames(spec.columns)
  return `INSERT INTO ${spec.table} (${names}) SELECT ${names} FROM ${source} WHERE ${stored ? "" : "NOT "}stored ORDER BY ${order}`
}

/**
 * The rows of a staging table of the same columns plus `stored` (the row's key was in the
 * table when it was staged) whose key was not stored, by a plain insert in `order` (rows
 * arriving in index order touch each index page once), which skips looking for a conflict:
 * there is none, as the import holds its lock, so a key absent then is absent now. Returns how
 * many rows it inserted.
 */
export const insertNewFrom = (sql: SqlClient.SqlClient, spec: UpsertTable, source: string, order: string) =>
  counted(sql, insertFrom(spec, source, order, false))

/**
 * The same write from the staging table, every row: the new ones by `insertNewFrom`, the stored
 * ones through the upsert. Returns how many rows it inserted or rewrote.
 */
export const writeFrom = (sql: SqlClient.SqlClient, spec: UpsertTable, source: string, order: string) =>
  Effect.zipWith(
    insertNewFrom(sql, spec, source, order),
    counted(sql, `${insertFrom(spec, source, order, true)} ${onConflict(spec)}`),
    (inserted, upserted) => inserted + upserted
  )

export const asJson = (rows: ReadonlyArray<object>): string => JSON.stringify(rows)

/** inserted = keys not there before; updated = keys there before that the upsert rewrote. */
export const tally = (total: number, before: ReadonlySet<string>, rewritten: ReadonlyArray<string>): EntityCounts =>
  countsOf(total, total - before.size, rewritten.filter((key) => before.has(key)).length)

/** An id the import resolved or generated earlier; missing means a bug, so it is a defect. */
export const resolvedId = (ids: ReadonlyMap<string, string>, key: string): string => {
  const id = ids.get(key)
  if (id === undefined) throw new Error(`catalog import: no id resolved for "${key}"`)
  return id
}
