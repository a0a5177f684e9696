/** The catalog routes' errors, declared once per route. */
import type { CategoryNotFound } from "../../../domain/catalog/errors/category-not-found.ts"
import type { ProductNotFound } from "../../../domain/catalog/errors/product-not-found.ts"
import type { ShopNotFound } from "../../../domain/catalog/errors/shop-not-found.ts"
import { CategoryNotFoundProblem, ProductNotFoundProblem, ShopNotFoundProblem } from "./catalog-problems.ts"
import { answer, problemTable } from "./problem-table.ts"

/** A key's request naming a shop it does not see (the cart routes answer it too). */
export const shopNotFound = answer(ShopNotFoundProblem, (error: ShopNotFound) =>
  new ShopNotFoundProblem({ detail: `No shop "${error.shopId}" for this publishable key` }))

const categoryNotFound = (by: "id" | "slug") =>
  answer(CategoryNotFoundProblem, (error: CategoryNotFound) =>
    new CategoryNotFoundProblem({ detail: `No category with ${by} "${error.reference}"` }))

export const catalogProblems = {
  getProductBySlug: problemTable({
    ProductNotFound: answer(ProductNotFoundProblem, (error: ProductNotFound) =>
      new ProductNotFoundProblem({ detail: `No product with slug "${error.slug}"` }))
  }),
  listCategories: problemTable({ CategoryNotFound: categoryNotFound("id") }),
  getCategoryBySlug: problemTable({ CategoryNotFound: categoryNotFound("slug") }),
  listShippingMethods: problemTable({ ShopNotFound: shopNotFound })
}
