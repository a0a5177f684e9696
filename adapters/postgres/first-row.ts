/** A query's first row as a value, or none when it returned no row (a lookup by key). */
import { Option } from "effect"

export const firstRow = <A>(toValue: (row: unknown) => A) => (rows: ReadonlyArray<unknown>): Option.Option<A> =>
  rows.length === 0 ? Option.none() : Option.some(toValue(rows[0]))
