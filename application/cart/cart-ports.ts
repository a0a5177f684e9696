/**
 * The ports the cart and checkout use cases run on, taken once when their service layers are
 * built (so a request provides nothing: the use cases close over them), and the cart lifetime.
 */
import { Effect } from "effect"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { CatalogReadModel } from "../catalog/catalog-read-model.ts"
import { Transactions } from "../shared/transactions.ts"
import { CartRepository } from "./cart-repository.ts"
import { CartSettings } from "./cart-settings.ts"
import { CouponRepository } from "./coupon-repository.ts"
import { Inventory } from "./inventory.ts"

export const cartPorts = Effect.all({
  carts: CartRepository,
  inventory: Inventory,
  coupons: CouponRepository,
  transactions: Transactions,
  /** Shipping methods and shop zone rules (reference data of the catalog read model). */
  readModel: CatalogReadModel,
  ids: IdGenerator,
  settings: CartSettings
})

export type CartPorts = Effect.Success<typeof cartPorts>
