import { Layer } from "effect"
import { PostgresAddressBook } from "../../adapters/postgres/postgres-address-book.ts"
import { PostgresCustomerRepository } from "../../adapters/postgres/postgres-customer-repository.ts"
import { testEngines } from "../support/test-database.ts"
import { addressBookContract } from "./address-book-contract.ts"

for (const engine of testEngines()) {
  addressBookContract(engine.name, Layer.merge(PostgresAddressBook, PostgresCustomerRepository).pipe(Layer.provide(engine.layer)))
}
