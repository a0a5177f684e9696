/**
 * `storefront-service/memory`: every store in memory, for tests and services that keep no
 * database. `layer` is all of them at once (catalog, carts and orders, accounts, ids); the
 * pieces are here too. The catalog store also serves the coupons it imports and writes imported
 * customers to the CustomerRepository it is given.
 */
import { Layer, Option } from "effect"
import * as MemoryCatalogStore from "../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../adapters/memory/memory-customer-repository.ts"
import * as MemoryProductSearchModule from "../adapters/memory/memory-product-search.ts"
import { productJsonDocuments } from "../adapters/http/representation/product-document.ts"
import * as CryptoIdGenerator from "../adapters/security/crypto-id-generator.ts"
import { memoryAccountStores } from "../config/account-stores.ts"
import { memoryBuyingStores } from "../config/buying-stores.ts"

export { memoryAccountStores, memoryBuyingStores }
export { CryptoIdGenerator, MemoryCatalogStore, MemoryCustomerRepository }

/**
 * The catalog search over plain arrays (no engine): `MemoryProductSearch.layer` answers with the
 * same Product JSON documents as the engine; `layerWith(format)` with documents of your own.
 */
export const MemoryProductSearch = {
  layer: MemoryProductSearchModule.layer(productJsonDocuments),
  layerWith: MemoryProductSearchModule.layer
} as const

/** The catalog store with the customer repository its imports write to, and the id generator. */
export const catalogStores = MemoryCatalogStore.layer.pipe(
  Layer.provideMerge(MemoryCustomerRepository.layer),
  Layer.provideMerge(CryptoIdGenerator.layer)
)

/**
 * Every store in memory: the catalog's (with its coupons), the carts', orders' and payments',
 * and the accounts' (customers, sessions, codes, the notification outbox kept as a list), over
 * one customer repository and one id generator.
 */
export const layer = Layer.mergeAll(
  memoryBuyingStores,
  memoryAccountStores({ notificationsFile: Option.none() })
).pipe(Layer.provideMerge(catalogStores))
