/**
 * The shops' shipping methods and zone rules, as carts use them: from the catalog read model
 * (reference data, which follows the store within one poll).
 */
import type { ShippingMethod } from "../../domain/shipping/shipping-method.ts"
import type { ShopZoneRules } from "../../domain/shipping/zone-rules.ts"
import type { CatalogReadModel } from "../catalog/catalog-read-model.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export interface ShippingOptions {
  /** The method with this id when it belongs to the shop. */
  readonly methodOfShop: (shopId: ShopId, methodId: string) => ShippingMethod | undefined
  readonly zoneRulesOf: (shopId: ShopId) => ShopZoneRules | undefined
}

export const currentShippingOptions = (readModel: CatalogReadModel["Service"]): ShippingOptions => {
  const { reference } = readModel.state()
  return {
    methodOfShop: (shopId, methodId) => {
      // the stored record is in the domain's units (minor units, grams, basis points): no conversion
      return reference.shippingMethods.find((method) => method.id === methodId && method.shopId === shopId)
    },
    zoneRulesOf: (shopId) => {
      const shop = reference.shops.find((candidate) => candidate.id === shopId)
      return shop === undefined ? undefined : { rules: shop.zoneRules, defaultZoneType: shop.defaultZoneType }
    }
  }
}
