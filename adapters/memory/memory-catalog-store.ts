/**
 * The catalog held in plain maps: CatalogSource (memory-catalog-source.ts), CatalogImportWriter
 * (memory-catalog-import-writer.ts) and CouponRepository (memory-coupon-repository.ts) over one
 * shared state (memory-catalog-state.ts), for tests and for library users who want no
 * database. Imported customers go to the CustomerRepository it is given (on SQL both write the
 * one customers table), so an imported customer is the one a guest checkout or a registration
 * finds. Same semantics as the PostgreSQL adapters.
 */
import { Context, Effect, Layer } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import { CatalogImportWriter } from "../../application/catalog-import/catalog-import-writer.ts"
import { makeMemoryCatalogImportWriter } from "./memory-catalog-import-writer.ts"
import { makeMemoryCatalogSource } from "./memory-catalog-source.ts"
import { makeMemoryCatalog } from "./memory-catalog-state.ts"
import { makeMemoryCouponRepository } from "./memory-coupon-repository.ts"

export const makeMemoryCatalogStore = Effect.gen(function*() {
  const catalog = makeMemoryCatalog()
  const writer = yield* makeMemoryCatalogImportWriter(catalog)
  return Context.make(CatalogSource, makeMemoryCatalogSource(catalog)).pipe(
    Context.add(CatalogImportWriter, writer),
    Context.add(CouponRepository, makeMemoryCouponRepository(catalog))
  )
})

/**
 * The catalog ports and the CouponRepository over one in-memory catalog; requires an IdGenerator
 * and the CustomerRepository the rest of the app uses (imported customers are written to it).
 */
export const layer = Layer.effectContext(makeMemoryCatalogStore)
