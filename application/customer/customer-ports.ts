/**
 * The ports the customer use cases run on, taken once when the CustomerService layer is built
 * (so a request provides nothing: the use cases close over them).
 */
import { Effect } from "effect"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { Transactions } from "../shared/transactions.ts"
import { AddressBook } from "./address-book.ts"
import { CustomerRepository } from "./customer-repository.ts"

export interface CustomerPorts {
  readonly customers: CustomerRepository["Service"]
  readonly book: AddressBook["Service"]
  readonly transactions: Transactions["Service"]
  readonly ids: IdGenerator["Service"]
}

export const customerPorts = Effect.gen(function*() {
  const ports: CustomerPorts = {
    customers: yield* CustomerRepository,
    book: yield* AddressBook,
    transactions: yield* Transactions,
    ids: yield* IdGenerator
  }
  return ports
})
