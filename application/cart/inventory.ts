/**
 * Port: the catalog's variants as carts and checkout see them, straight from the store, and the
 * stock and sales writes of a checkout.
 * Adapters: adapters/postgres/postgres-inventory.ts, adapters/memory/memory-inventory.ts.
 */
import { Context, type Effect } from "effect"
import type { InsufficientStock } from "../../domain/cart/errors/insufficient-stock.ts"
import type { ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CartVariant } from "./cart-variant.ts"

export interface StockTake {
  readonly variantId: VariantId
  readonly quantity: number
}

export interface ProductSale {
  readonly productId: ProductId
  readonly quantity: number
}

export class Inventory extends Context.Service<Inventory, {
  /** The variants among `variantIds` that exist, by id; `visible` tells whether they are offered in `shopId`. */
  readonly variantsForShop: (
    shopId: ShopId,
    variantIds: ReadonlyArray<VariantId>
  ) => Effect.Effect<ReadonlyMap<VariantId, CartVariant>, StoreUnavailable>
  /** Like variantsForShop, but inside a unit of work the variants stay locked until it ends (checkout). */
  readonly variantsForShopForUpdate: (
    shopId: ShopId,
    variantIds: ReadonlyArray<VariantId>
  ) => Effect.Effect<ReadonlyMap<VariantId, CartVariant>, StoreUnavailable>
  /**
   * Takes the quantities out of stock, all or nothing: when any variant has less than asked,
   * nothing changes and it fails with InsufficientStock. Stock never goes below zero.
   */
  readonly takeStock: (takes: ReadonlyArray<StockTake>) => Effect.Effect<void, InsufficientStock | StoreUnavailable>
  /** Puts the quantities back into stock and takes them off the sales counts (a cancelled order). */
  readonly releaseStock: (takes: ReadonlyArray<StockTake & { readonly productId: ProductId }>) => Effect.Effect<void, StoreUnavailable>
  /** Adds the sold quantities to the products' sales counts (what `sortBy=bestselling` ranks by). */
  readonly recordSales: (sales: ReadonlyArray<ProductSale>) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/Inventory") {}
