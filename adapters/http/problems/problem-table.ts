/**
 * A route group's errors, declared once: a table from each error's `_tag` to the problem it
 * answers (the problem class fixes status, code and title) and how the error's facts fill it in.
 * The group's endpoint error lists (hence the OpenAPI document) and the handlers' mapping are
 * both read from the table, so an error cannot be answered without being declared, nor declared
 * twice.
 */
import { Effect, type Schema } from "effect"

/** A problem class as endpoints declare it. */
export type ProblemClass = Schema.Top & (abstract new(...args: ReadonlyArray<any>) => unknown)

export interface ProblemRule<E, C extends ProblemClass> {
  readonly problem: C
  // method syntax: a table of rules over different errors is one type
  of(error: E): InstanceType<C>
}

/** One row: the problem, and the problem made from the error. */
export const answer = <C extends ProblemClass, E>(problem: C, of: (error: E) => InstanceType<C>): ProblemRule<E, C> => ({
  problem,
  of
})

/** Rows keyed by the `_tag` of the error they answer (checked). */
export const problemTable = <
  const T extends { readonly [Tag in keyof T]: ProblemRule<{ readonly _tag: Tag }, ProblemClass> }
>(table: T): T => table

type Rules<T> = T[keyof T]

/** The errors a table answers. */
export type ErrorOf<T> = Rules<T> extends infer R ? R extends ProblemRule<infer E, any> ? E : never : never

/** The problems a table answers with. */
export type ProblemOf<T> = Rules<T> extends infer R ? R extends ProblemRule<any, infer C> ? InstanceType<C> : never
  : never

type ClassOf<T> = Rules<T> extends infer R ? R extends ProblemRule<any, infer C> ? C : never : never

/** The table's problems, each once, in the table's order: an endpoint's `error` list. */
export const problemsOf = <T extends object>(table: T): ReadonlyArray<ClassOf<T>> => [
  ...new Set(Object.values(table).map((rule: ProblemRule<unknown, ProblemClass>) => rule.problem))
] as ReadonlyArray<ProblemClass> as unknown as ReadonlyArray<ClassOf<T>>

/** The problem a table answers an error with. */
export const problemOf = <T extends object>(table: T) => (error: ErrorOf<T>): ProblemOf<T> => {
  const rule = (table as Record<string, ProblemRule<unknown, ProblemClass>>)[(error as { readonly _tag: string })._tag]!
  return rule.of(error) as ProblemOf<T>
}

/** Fails with the problem of the table instead of the error. */
export const answerWith = <T extends object>(table: T) => {
  const toProblem = problemOf(table)
  return <A, E extends ErrorOf<T>, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, ProblemOf<T>, R> =>
    Effect.mapError(effect, toProblem)
}
