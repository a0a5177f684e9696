/**
 * The memory adapters' records by id, held as the SQL adapters' primary keys hold them: a second
 * insert of an id, or an update of an id never inserted, is a bug in the caller (a defect).
 */
import { Effect } from "effect"

/** Stores a record that must be new; `what` names it in the defect ("cart c_1 already exists"). */
export const insertNew = <A extends { readonly id: string }>(records: Map<string, A>, what: string, record: A) =>
  Effect.suspend(() =>
    records.has(record.id)
      ? Effect.die(new Error(`${what} ${record.id} already exists`))
      : Effect.sync(() => void records.set(record.id, record))
  )

/** Replaces a stored record. */
export const replaceExisting = <A extends { readonly id: string }>(records: Map<string, A>, what: string, record: A) =>
  Effect.suspend(() =>
    records.has(record.id)
      ? Effect.sync(() => void records.set(record.id, record))
      : Effect.die(new Error(`${what} ${record.id} does not exist`))
  )
