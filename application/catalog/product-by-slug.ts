/** Use case: one visible product by slug (GET /products/by-slug/{slug}), as its document. */
import { Effect } from "effect"
import { ProductNotFound } from "../../domain/catalog/errors/product-not-found.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export const findProductBySlug = (
  readModel: CatalogReadModel["Service"],
  slug: string,
  shopIds: ReadonlyArray<ShopId>
): Effect.Effect<string, ProductNotFound> => {
  const document = readModel.state().search.bySlug(slug, shopIds)
  return document === undefined ? Effect.fail(new ProductNotFound({ slug })) : Effect.succeed(document)
}
