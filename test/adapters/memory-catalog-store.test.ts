import { Layer } from "effect"
import { MemoryCatalogStoreLayer } from "../../adapters/memory/memory-catalog-store.ts"
import { MemoryCustomerRepository } from "../../adapters/memory/memory-customer-repository.ts"
import { CryptoIdGeneratorLayer } from "../../adapters/security/crypto-id-generator.ts"
import { catalogStoreContract } from "./catalog-store-contract.ts"

catalogStoreContract(
  "memory",
  MemoryCatalogStoreLayer.pipe(Layer.provideMerge(MemoryCustomerRepository), Layer.provide(CryptoIdGeneratorLayer))
)
