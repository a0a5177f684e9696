import { Layer } from "effect"
import * as PostgresCustomerRepository from "../../adapters/postgres/postgres-customer-repository.ts"
import { testEngines } from "../support/test-database.ts"
import { customerRepositoryContract } from "./customer-repository-contract.ts"

for (const engine of testEngines()) {
  customerRepositoryContract(engine.name, PostgresCustomerRepository.layer.pipe(Layer.provide(engine.layer)))
}
