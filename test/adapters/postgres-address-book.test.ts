import { Layer } from "effect"
import * as PostgresAddressBook from "../../adapters/postgres/postgres-address-book.ts"
import * as PostgresCustomerRepository from "../../adapters/postgres/postgres-customer-repository.ts"
import { testEngines } from "../support/test-database.ts"
import { addressBookContract } from "./address-book-contract.ts"

for (const engine of testEngines()) {
  addressBookContract(engine.name, Layer.merge(PostgresAddressBook.layer, PostgresCustomerRepository.layer).pipe(Layer.provide(engine.layer)))
}
