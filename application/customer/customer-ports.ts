/**
 * The ports the customer use cases run on, taken once when the CustomerService layer is built
 * (so a request provides nothing: the use cases close over them).
 */
import { Effect } from "effect"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { Transactions } from "../shared/transactions.ts"
import { AddressBook } from "./address-book.ts"
import { CustomerRepository } from "./customer-repository.ts"

export const customerPorts = Effect.all({
  customers: CustomerRepository,
  book: AddressBook,
  transactions: Transactions,
  ids: IdGenerator
})

export type CustomerPorts = Effect.Success<typeof customerPorts>
