/**
 * Use case: the shipping methods of one of the key's shops, or of all of them
 * (GET /shop/shipping-methods). A shop outside the key's scope is ShopNotFound.
 */
import { Effect } from "effect"
import { ShopNotFound } from "../../domain/catalog/errors/shop-not-found.ts"
import type { ShopId } from "../../domain/shared/ids.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"

export const listShippingMethods = (
  readModel: CatalogReadModel["Service"],
  shopId: ShopId | undefined,
  shopIds: ReadonlyArray<ShopId>
) =>
  Effect.suspend(() => {
    const { reference } = readModel.state()
    if (shopId !== undefined && (!shopIds.includes(shopId) || !reference.shops.some((shop) => shop.id === shopId))) {
      return Effect.fail(new ShopNotFound({ shopId }))
    }
    const wanted = shopId === undefined ? shopIds : [shopId]
    return Effect.succeed(
      reference.shippingMethods
        .filter((method) => wanted.includes(method.shopId))
        .toSorted((left, right) =>
          wanted.indexOf(left.shopId) - wanted.indexOf(right.shopId) || left.position - right.position ||
          (left.id < right.id ? -1 : 1)
        )
    )
  })
