/**
 * A port over one table, the generic part of a repository: its layer takes the SQL client and
 * hands `make` the client and the table's statements that every such repository writes alike
 * (insert a record, find one by a condition). A record's fields are the columns in camelCase,
 * as the client's name transforms decode a row.
 */
import { type Context, Effect, Layer, Option, Schema, String as Str } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { orStoreUnavailable } from "./store-errors.ts"

/**
 * A table: its name, the columns a record is written to and read from (e.g. `"id, customer_id,
 * created_at"`) and the schema a row decodes with.
 */
export interface TableSpec<A> {
  readonly table: string
  readonly columns: string
  readonly row: Schema.Decoder<A>
}

export const tableSpec = <A>(table: string, row: Schema.Decoder<A>, columns: string): TableSpec<A> => ({ table, columns, row })

export interface Table<A> {
  /** The column list, as a SELECT names it. */
  readonly columns: Statement.Fragment
  readonly insert: (record: A) => Effect.Effect<void, StoreUnavailable>
  /** The rows `SELECT columns FROM table WHERE condition` finds (the condition may add ORDER BY, FOR UPDATE). */
  readonly findAll: (condition: Statement.Fragment) => Effect.Effect<ReadonlyArray<A>, StoreUnavailable>
  /** The first of them. */
  readonly findFirst: (condition: Statement.Fragment) => Effect.Effect<Option.Option<A>, StoreUnavailable>
}

export const tableLayer = <I, S, A>(
  port: Context.Key<I, S>,
  spec: TableSpec<A>,
  make: (sql: SqlClient.SqlClient, table: Table<A>) => S
): Layer.Layer<I, never, SqlClient.SqlClient> =>
  Layer.effect(port, Effect.map(SqlClient.SqlClient, (sql) => make(sql, tableOf(sql, spec))))

const tableOf = <A>(sql: SqlClient.SqlClient, spec: TableSpec<A>): Table<A> => {
  const decode = Schema.decodeUnknownSync(spec.row)
  const name = sql.literal(spec.table)
  const columns = sql.literal(spec.columns)
  // a column written as an expression (`address::text AS address`) is named by its alias
  const fields = spec.columns.split(",").map((column) => Str.snakeToCamel(column.trim().split(" ").at(-1)!))
  const rowOf = (record: A) => {
    const values = record as Readonly<Record<string, unknown>>
    return Object.fromEntries(fields.map((field) => [field, values[field]]))
  }
  const select = (condition: Statement.Fragment) => orStoreUnavailable(sql`SELECT ${columns} FROM ${name} WHERE ${condition}`)
  return {
    columns,
    insert: (record) => orStoreUnavailable(sql`INSERT INTO ${name} ${sql.insert(rowOf(record))}`).pipe(Effect.asVoid),
    findAll: (condition) => Effect.map(select(condition), (rows) => rows.map((row) => decode(row))),
    findFirst: (condition) =>
      Effect.map(select(condition), (rows) => rows.length === 0 ? Option.none() : Option.some(decode(rows[0])))
  }
}
