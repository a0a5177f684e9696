/**
 * `storefront-service/memory`: every store in memory, for tests and services that keep no
 * database. The catalog store also serves the coupons it imports and writes imported customers
 * to the CustomerRepository it is given.
 */
import { Layer } from "effect"
import * as MemoryCatalogStore from "../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../adapters/memory/memory-customer-repository.ts"
import * as CryptoIdGenerator from "../adapters/security/crypto-id-generator.ts"

export * as MemoryProductSearch from "../adapters/memory/memory-product-search.ts"
export { memoryAccountStores } from "../config/account-stores.ts"
export { memoryBuyingStores } from "../config/buying-stores.ts"
export { CryptoIdGenerator, MemoryCatalogStore, MemoryCustomerRepository }

/** The catalog store with the customer repository its imports write to, and the id generator. */
export const catalogStores = MemoryCatalogStore.layer.pipe(
  Layer.provideMerge(MemoryCustomerRepository.layer),
  Layer.provide(CryptoIdGenerator.layer)
)
