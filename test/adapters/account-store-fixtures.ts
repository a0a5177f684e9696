/** Shared bits of the account-store contract suites: unique values, stored records and read-backs. */
import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
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

/** Each stored record, read back with `read`, is (some of) the value expected of it. */
export const expectReadBack = <A, E, R>(
  read: (record: A) => Effect.Effect<Option.Option<A>, E, R>,
  cases: ReadonlyArray<readonly [stored: A, expected: A]>
) =>
  Effect.forEach(cases, ([stored, expected]) =>
    Effect.map(read(stored), (found) => {
      expect(found).toEqual(Option.some(expected))
    }), { discard: true })

/** `attempt(i)` for i in 0..n-1, all at once; the outcomes in that order. */
export const concurrently = <A, E, R>(n: number, attempt: (i: number) => Effect.Effect<A, E, R>) =>
  Effect.forEach(Array.from({ length: n }, (_, i) => i), attempt, { concurrency: "unbounded" })
