/** The catalog routes' errors, declared once per route. */
import type { CategoryNotFound } from "../../../domain/catalog/errors/category-not-found.ts"
import type { ProductNotFound } from "../../../domain/catalog/errors/product-not-found.ts"
import type { ShopNotFound } from "../../../domain/catalog/errors/shop-not-found.ts"
import { CategoryNotFoundProblem, ProductNotFoundProblem, ShopNotFoundProblem } from "./catalog-problems.ts"
import { answer, answerDetail, problemTable } from "./problem-table.ts"

/** A key's request naming a shop it does not see (the cart routes answer it too). */
export const shopNotFound = answerDetail(ShopNotFoundProblem, (error: ShopNotFound) =>
  `No shop "${error.shopId}" for this publishable key`)

const categoryNotFound = (by: "id" | "slug") =>
  answerDetail(CategoryNotFoundProblem, (error: CategoryNotFound) => `No category with ${by} "${error.reference}"`)

export const catalogProblems = {
  getProductBySlug: problemTable({
    ProductNotFound: answerDetail(ProductNotFoundProblem, (error: ProductNotFound) => `No product with slug "${error.slug}"`)
  }),
  listCategories: problemTable({ CategoryNotFound: categoryNotFound("id") }),
  getCategoryBySlug: problemTable({ CategoryNotFound: categoryNotFound("slug") }),
  listShippingMethods: problemTable({ ShopNotFound: shopNotFound })
}
