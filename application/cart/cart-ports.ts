/**
 * The ports the cart and checkout use cases run on, taken once when their service layers are
 * built (so a request provides nothing: the use cases close over them), and the cart lifetime.
 */
import { Effect } from "effect"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { CatalogReadModel } from "../catalog/catalog-read-model.ts"
import { Transactions } from "../shared/transactions.ts"
import { CartRepository } from "./cart-repository.ts"
import { CartSettings, type CartSettingsShape } from "./cart-settings.ts"
import { CouponRepository } from "./coupon-repository.ts"
import { Inventory } from "./inventory.ts"

export interface CartPorts {
  readonly carts: CartRepository["Service"]
  readonly inventory: Inventory["Service"]
  readonly coupons: CouponRepository["Service"]
  readonly transactions: Transactions["Service"]
  /** Shipping methods and shop zone rules (reference data of the catalog read model). */
  readonly readModel: CatalogReadModel["Service"]
  readonly ids: IdGenerator["Service"]
  readonly settings: CartSettingsShape
}

export const cartPorts = Effect.gen(function*() {
  const ports: CartPorts = {
    carts: yield* CartRepository,
    inventory: yield* Inventory,
    coupons: yield* CouponRepository,
    transactions: yield* Transactions,
    readModel: yield* CatalogReadModel,
    ids: yield* IdGenerator,
    settings: yield* CartSettings
  }
  return ports
})
