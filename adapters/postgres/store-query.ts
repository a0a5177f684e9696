/**
 * The repositories' statements on effect's `SqlSchema`: a request schema encodes what a
 * statement takes and a result schema (the domain's, or a row schema built from it) decodes
 * what it returns, so no row is asserted to a type. As everywhere in this adapter, a database
 * that cannot be reached is `StoreUnavailable` and any other SQL error a defect (store-errors.ts);
 * a row that does not decode means the database holds something we never write: a defect too.
 */
import { Effect, type Option, Schema } from "effect"
import { type SqlError, SqlSchema } from "effect/sql"
import type { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const settled = <A, E, R>(
  effect: Effect.Effect<A, E | Schema.SchemaError | SqlError.SqlError, R>
): Effect.Effect<A, Exclude<E, Schema.SchemaError | SqlError.SqlError> | StoreUnavailable, R> =>
  Effect.catchIf(
    orStoreUnavailable(effect),
    (error): error is Schema.SchemaError => error instanceof Schema.SchemaError,
    (error) => Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, Schema.SchemaError | SqlError.SqlError> | StoreUnavailable, R>

interface Query<Req extends Schema.Constraint, Res extends Schema.Constraint, R> {
  readonly Request: Req
  readonly Result: Res
  readonly execute: (request: Req["Encoded"]) => Effect.Effect<ReadonlyArray<unknown>, SqlError.SqlError, R>
}

/** Every row the statement returns, decoded. */
export const findAll = <Req extends Schema.Constraint, Res extends Schema.Constraint, R>(query: Query<Req, Res, R>) => {
  const run = SqlSchema.findAll(query)
  return (request: Req["Type"]): Effect.Effect<ReadonlyArray<Res["Type"]>, StoreUnavailable, R | Req["EncodingServices"] | Res["DecodingServices"]> =>
    settled(run(request))
}

/** The first row the statement returns, decoded, or none (a lookup by key). */
export const findOne = <Req extends Schema.Constraint, Res extends Schema.Constraint, R>(query: Query<Req, Res, R>) => {
  const run = SqlSchema.findOneOption(query)
  return (request: Req["Type"]): Effect.Effect<Option.Option<Res["Type"]>, StoreUnavailable, R | Req["EncodingServices"] | Res["DecodingServices"]> =>
    settled(run(request))
}

/** A statement whose result is not read (a write). */
export const execute = <Req extends Schema.Constraint, R>(query: {
  readonly Request: Req
  readonly execute: (request: Req["Encoded"]) => Effect.Effect<unknown, SqlError.SqlError, R>
}) => {
  const run = SqlSchema.void(query)
  return (request: Req["Type"]): Effect.Effect<void, StoreUnavailable, R | Req["EncodingServices"]> => settled(run(request))
}
