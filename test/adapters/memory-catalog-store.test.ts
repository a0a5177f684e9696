import { Layer } from "effect"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { catalogStoreContract } from "./catalog-store-contract.ts"

catalogStoreContract(
  "memory",
  MemoryCatalogStore.layer.pipe(Layer.provideMerge(MemoryCustomerRepository.layer), Layer.provide(CryptoIdGenerator.layer))
)
