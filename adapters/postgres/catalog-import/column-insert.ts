/**
 * A plain insert of many rows sent as one array parameter per column, unpacked by `unnest`:
 * the driver sends arrays in PostgreSQL's binary format, so the server copies text and integers
 * as they come instead of parsing a JSON document of every row (the import's staging tables,
 * product-staging.ts). JSON columns travel as text and are parsed once, by the `::jsonb` cast;
 * `text[]` columns as array literals.
 *
 * Table and column names are constants of this adapter, never input.
 */
import { PgTypes } from "@effect/sql-pg"
import { Effect, Result } from "effect"
import type { SqlClient } from "effect/sql"

export type ColumnType = "text" | "integer" | "boolean" | "timestamptz" | "jsonb" | "text[]"

/** The element type of each column's array, and the cast that turns an element into the column's value. */
const wire: Record<ColumnType, { readonly oid: number; readonly cast: string }> = {
  text: { oid: PgTypes.OID.text, cast: "" },
  integer: { oid: PgTypes.OID.int4, cast: "" },
  boolean: { oid: PgTypes.OID.bool, cast: "" },
  timestamptz: { oid: PgTypes.OID.timestamptz, cast: "" },
  jsonb: { oid: PgTypes.OID.text, cast: "::jsonb" },
  "text[]": { oid: PgTypes.OID.text, cast: "::text[]" }
}

/** `{"a","b \"c\""}`: a text array literal (every element quoted, `"` and `\` escaped). */
export const textArrayLiteral = (values: ReadonlyArray<string>): string =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`

const element = (type: ColumnType, value: unknown): unknown => {
  if (value === null || value === undefined) return null
  if (type === "jsonb") return JSON.stringify(value)
  if (type === "text[]") return textArrayLiteral(value as ReadonlyArray<string>)
  return value
}

export type Columns = ReadonlyArray<readonly [name: string, type: ColumnType]>

/** Builds the statement once; each call inserts the rows given (objects keyed by column name). */
export const makeColumnInsert = (sql: SqlClient.SqlClient, table: string, columns: Columns) => {
  const names = columns.map(([name]) => name)
  const head = sql.literal(`INSERT INTO ${table} (${names.join(", ")}) SELECT ${
    columns.map(([name, type]) => `${name}${wire[type].cast}`).join(", ")
  } FROM unnest(`)
  const tail = sql.literal(`) AS u(${names.join(", ")})`)
  const commaSeparated = sql.join(", ", false)
  return (rows: ReadonlyArray<Readonly<Record<string, unknown>>>) =>
    Effect.suspend(() => {
      const parameters = columns.map(([name, type]) => {
        const values = rows.map((row) => element(type, row[name]))
        return Result.getOrThrow(PgTypes.array(values, wire[type].oid))
      })
      return sql`${head}${commaSeparated(parameters.map((parameter) => sql`${parameter}`))}${tail}`
    })
}
