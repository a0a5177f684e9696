/**
 * The shop a new cart belongs to (docs/contract/cart.md): the requested one, which must be among the key's
 * shops (else ShopNotFound), or, when none is requested, the key's only shop (else ShopIdRequired).
 */
import { Effect } from "effect"
import { ShopNotFound } from "../../domain/catalog/errors/shop-not-found.ts"
import type { CatalogReadModel } from "../catalog/catalog-read-model.ts"
import { ShopIdRequired } from "./errors/shop-id-required.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export const chooseCartShop = (
  readModel: CatalogReadModel["Service"],
  requested: ShopId | undefined,
  keyShopIds: ReadonlyArray<ShopId>
): Effect.Effect<ShopId, ShopNotFound | ShopIdRequired> => {
    if (requested === undefined) {
      const [only] = keyShopIds
      return keyShopIds.length === 1 && only !== undefined
        ? Effect.succeed(only)
        : Effect.fail(new ShopIdRequired({ shopCount: keyShopIds.length }))
    }
    const exists = readModel.state().reference.shops.some((shop) => shop.id === requested)
    return exists && keyShopIds.includes(requested) ? Effect.succeed(requested) : Effect.fail(new ShopNotFound({ shopId: requested }))
  }
