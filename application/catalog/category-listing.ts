/**
 * Use cases: the category tree for a key's shops (GET /categories and /categories/by-slug).
 * productCount counts visible products in a category or any descendant. Trees are cached per
 * catalog generation and shop set.
 */
import { Effect } from "effect"
import { buildCategoryTree, type CategoryTree, type CategoryView } from "../../domain/catalog/category-tree.ts"
import { CategoryNotFound } from "../../domain/catalog/errors/category-not-found.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import { generationCache } from "./generation-cache.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

const trees = generationCache<CategoryTree>(64)

const treeFor = (readModel: CatalogReadModel["Service"], shopIds: ReadonlyArray<ShopId>) =>
  Effect.sync((): CategoryTree => {
    const { search, reference } = readModel.state()
    return trees(search, [...shopIds].sort().join("\u0000"), () => {
      const counts = search.categoryCounts(shopIds)
      return buildCategoryTree(reference.categories, (categoryId) => counts.get(categoryId) ?? 0)
    })
  })

export interface CategoryListingRequest {
  readonly rootOnly?: boolean | undefined
  readonly parentId?: string | undefined
}

/** Every category, only the roots, or the direct children of `parentId` (unknown → CategoryNotFound). */
export const listCategories = (
  readModel: CatalogReadModel["Service"],
  request: CategoryListingRequest,
  shopIds: ReadonlyArray<ShopId>
) =>
  Effect.flatMap(treeFor(readModel, shopIds), (tree): Effect.Effect<ReadonlyArray<CategoryView>, CategoryNotFound> => {
    if (request.parentId !== undefined) {
      const parent = tree.byId.get(request.parentId)
      if (parent === undefined) return Effect.fail(new CategoryNotFound({ reference: request.parentId }))
      const children = parent.children
      return Effect.succeed(request.rootOnly === true ? children.filter((child) => child.level === 0) : children)
    }
    return Effect.succeed(request.rootOnly === true ? tree.roots : tree.all)
  })

export const findCategoryBySlug = (readModel: CatalogReadModel["Service"], slug: string, shopIds: ReadonlyArray<ShopId>) =>
  Effect.flatMap(treeFor(readModel, shopIds), (tree) => {
    const category = tree.bySlug.get(slug)
    return category === undefined ? Effect.fail(new CategoryNotFound({ reference: slug })) : Effect.succeed(category)
  })
