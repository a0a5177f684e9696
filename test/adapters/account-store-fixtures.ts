/** Shared bits of the account-store contract suites: unique values, stored records and read-backs. */
import { describe, expect, type Vitest } from "@effect/vitest"
import { type Context, Effect, Option } from "effect"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { sampleCustomer } from "./customer-repository-contract.ts"

let sequence = 0
export const uniqueSuffix = () => `${Date.now().toString(36)}_${(sequence++).toString(36)}`

/** A customer stored through the repository (sessions, codes and tokens reference one). */
export const givenCustomer = Effect.gen(function*() {
  const customer = sampleCustomer()
  yield* (yield* CustomerRepository).insert(customer)
  return customer
})

/** A stored customer and one record of theirs (made by `make`), inserted with `insert`. */
export const givenRecordOfNewCustomer = <A, E, R>(
  insert: (record: A) => Effect.Effect<unknown, E, R>,
  make: (customer: ReturnType<typeof sampleCustomer>) => A
) =>
  Effect.gen(function*() {
    const customer = yield* givenCustomer
    const record = make(customer)
    yield* insert(record)
    return { customer, record }
  })

/** How a contract stores a record and reads it back. */
export interface RecordStore<A, E, R> {
  readonly insert: (record: A) => Effect.Effect<unknown, E, R>
  readonly read: (record: A) => Effect.Effect<Option.Option<A>, E, R>
}

/**
 * Inserts each case's record, runs `act`, then reads every record back with `read`: it is the
 * case's expected value, or the record unchanged when the case names none.
 */
export const expectReadBackAfter = <A, E, R>(
  store: RecordStore<A, E, R>,
  act: Effect.Effect<unknown, E, R>,
  cases: ReadonlyArray<readonly [stored: A, expected?: A]>
) =>
  Effect.gen(function*() {
    yield* Effect.forEach(cases, ([stored]) => store.insert(stored), { discard: true })
    yield* act
    for (const [stored, expected] of cases) {
      expect(yield* store.read(stored)).toEqual(Option.some(expected ?? stored))
    }
  })

type StoredCustomer = ReturnType<typeof sampleCustomer>

/**
 * Ending all of one customer's records at once (revoking, voiding): stores the `cases` made for
 * that customer and for another one, runs `end` for the first customer and reads every record
 * back as expectReadBackAfter does, so a case that names no expected value must stay untouched.
 */
export const expectEndingAllOfCustomer = <A, E, R>(
  store: RecordStore<A, E, R>,
  end: (customerId: StoredCustomer["id"]) => Effect.Effect<unknown, E, R>,
  cases: (customer: StoredCustomer, other: StoredCustomer) => ReadonlyArray<readonly [stored: A, expected?: A]>
) =>
  Effect.gen(function*() {
    const customer = yield* givenCustomer
    const other = yield* givenCustomer
    yield* expectReadBackAfter(store, end(customer.id), cases(customer, other))
  })

/** `attempt(i)` for i in 0..n-1, all at once; the outcomes in that order. */
export const concurrently = <A, E, R>(n: number, attempt: (i: number) => Effect.Effect<A, E, R>) =>
  Effect.forEach(Array.from({ length: n }, (_, i) => i), attempt, { concurrency: "unbounded" })

/**
 * `n` concurrent units of work on one record: each reads it for update (`find`), `decide`s on what
 * it found (an outcome, and the record to write back, if any) and writes that back; the outcomes.
 */
export const concurrentUnits = <A, O, E, R>(
  n: number,
  unit: {
    readonly find: Effect.Effect<Option.Option<A>, E, R>
    readonly decide: (found: A | undefined, i: number) => readonly [outcome: O, write?: A | undefined]
    readonly write: (record: A) => Effect.Effect<unknown, E, R>
  }
) =>
  Effect.flatMap(Effect.service(Transactions), (transactions) =>
    concurrently(n, (i) =>
      transactions.atomically(Effect.gen(function*() {
        const [outcome, write] = unit.decide(Option.getOrUndefined(yield* unit.find), i)
        if (write !== undefined) yield* unit.write(write)
        return outcome
      }))))

/**
 * A contract suite of one port: a test a name, each given the implementation under test (the
 * other services it needs come from the suite's layer, as `R`).
 */
export const portContract = <I, S, R>(
  port: Context.Key<I, S>,
  title: string,
  tests: Readonly<Record<string, (implementation: S) => Effect.Effect<unknown, unknown, R>>>
) =>
(it: Vitest.MethodsNonLive<I | R>) =>
  describe(title, () => {
    for (const [name, test] of Object.entries(tests)) {
      it.effect(name, () => Effect.flatMap(Effect.service(port), test))
    }
  })
