/**
 * A route's errors, declared once: a table from each error's `_tag` to the problem it answers
 * (the problem class fixes status, code and title) and how the error's facts fill it in. The
 * endpoint's error list (hence the OpenAPI document) and the handler's mapping are both read
 * from the table, so an error cannot be answered without being declared, nor declared twice.
 */
import type { Schema } from "effect"

export interface ProblemRule<E, S extends Schema.Top> {
  /** What the endpoint declares: the problem class, or a schema around it (the 429 with its header). */
  readonly problem: S
  /** The problem is declared by the whole API (400 `validation_failed`): answered, not listed again. */
  readonly apiWide?: true
  // method syntax: a table of rules over different errors is one type
  of(error: E): S["Type"]
}

/** One row: the problem, and the problem made from the error. */
export const answer = <S extends Schema.Top, E>(problem: S, of: (error: E) => S["Type"]): ProblemRule<E, S> => ({
  problem,
  of
})

/** A row whose problem says only a detail, written from the error. */
export const answerDetail = <S extends Schema.Top & (new(props: { readonly detail: string }) => S["Type"]), E>(
  problem: S,
  detailOf: (error: E) => string
): ProblemRule<E, S> => answer(problem, (error) => new problem({ detail: detailOf(error) }))

/** A row answered with a problem every route declares already (a request field's validation failure). */
export const answerApiWide = <S extends Schema.Top, E>(problem: S, of: (error: E) => S["Type"]): ProblemRule<E, S> => ({
  problem,
  apiWide: true,
  of
})

/** Rows keyed by the `_tag` of the error they answer (checked). */
export const problemTable = <
  const T extends { readonly [Tag in keyof T]: ProblemRule<{ readonly _tag: Tag }, Schema.Top> }
>(table: T): T => table

type Rules<T> = T[keyof T]

/** The errors a table answers. */
export type ErrorOf<T> = Rules<T> extends infer R ? R extends ProblemRule<infer E, any> ? E : never : never

type SchemaOf<T> = Rules<T> extends infer R ? R extends ProblemRule<any, infer S> ? S : never : never

/** The problems a table answers with. */
export type ProblemOf<T> = SchemaOf<T>["Type"]

/** The problems of a table as an endpoint declares them (`problemsOf`). */
export type ErrorListOf<T> = ReadonlyArray<SchemaOf<T>>

/** The table's problems, each once, in the table's order: an endpoint's `error` list. */
export const problemsOf = <T extends object>(table: T): ErrorListOf<T> => [
  ...new Set(
    Object.values(table).flatMap((rule: ProblemRule<unknown, Schema.Top>) => rule.apiWide === true ? [] : [rule.problem])
  )
] as ReadonlyArray<Schema.Top> as ErrorListOf<T>

/** The problem a table answers an error with. */
export const problemOf = <T extends object>(table: T) => (error: ErrorOf<T>): ProblemOf<T> => {
  const rule = (table as Record<string, ProblemRule<unknown, Schema.Top>>)[(error as { readonly _tag: string })._tag]!
  return rule.of(error) as ProblemOf<T>
}
