/**
 * A CatalogSource that sees only some shops (`CATALOG_SHOPS`), so an instance's read model holds
 * only their products: publishable keys keep only the served shops (a key of another shop
 * then finds nothing, as any key does outside its shops: empty listings, 404 products), and
 * products and shipping methods of other shops are left out. A product changed since a cursor
 * that has left the served shops comes through with no shop, so the read model stops showing
 * it. Categories and size guides are shared by every shop and kept.
 */
import { Effect, Layer } from "effect"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { CatalogSource } from "./catalog-source.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

/** `CATALOG_SHOPS`: shop ids separated by commas; blank: every shop. */
export const parseShopList = (setting: string): ReadonlySet<string> | null => {
  const shops = setting.split(",").map((shop) => shop.trim()).filter((shop) => shop !== "")
  return shops.length === 0 ? null : new Set(shops)
}

export const scopeToShops = (source: CatalogSource["Service"], shops: ReadonlySet<string>): CatalogSource["Service"] => {
  const served = (shopIds: ReadonlyArray<ShopId>) => shopIds.filter((shopId) => shops.has(shopId))
  const scoped = (product: CatalogProduct): CatalogProduct => {
    const shopIds = served(product.shopIds)
    return shopIds.length === product.shopIds.length ? product : { ...product, shopIds }
  }
  return CatalogSource.of({
    currentCursor: source.currentCursor,
    referenceChangedSince: source.referenceChangedSince,
    loadReferenceData: Effect.map(source.loadReferenceData, (reference) => ({
      ...reference,
      shops: reference.shops.filter((shop) => shops.has(shop.id)),
      publishableKeys: reference.publishableKeys.map((key) => ({ ...key, shopIds: served(key.shopIds) })),
      shippingMethods: reference.shippingMethods.filter((method) => shops.has(method.shopId))
    })),
    loadProducts: (options) =>
      Effect.map(source.loadProducts(options), (page) => ({
        nextAfterId: page.nextAfterId,
        products: page.products.map(scoped)
          // a full load leaves them out; a change must come through to hide a product that left
          .filter((product) => options.since !== null || product.shopIds.length > 0)
      }))
  })
}

/** The CatalogSource it is given, seeing only `shops`. */
export const layer = (shops: ReadonlySet<string>) =>
  Layer.effect(CatalogSource, Effect.map(CatalogSource, (source) => scopeToShops(source, shops)))
