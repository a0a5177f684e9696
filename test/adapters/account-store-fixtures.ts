/** Shared bits of the account-store contract suites: unique values and a stored customer. */
import { Effect } from "effect"
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
