/** Problems of the catalog routes (404s of products, categories and shops). */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import { problemType } from "./problem-type.ts"

export class ProductNotFoundProblem extends HttpApiError.Problem<ProductNotFoundProblem>()("ProductNotFoundProblem", {
  type: problemType("product_not_found"),
  status: 404,
  title: "Product not found"
}, { code: Schema.tag("product_not_found") }) {}

export class CategoryNotFoundProblem extends HttpApiError.Problem<CategoryNotFoundProblem>()("CategoryNotFoundProblem", {
  type: problemType("category_not_found"),
  status: 404,
  title: "Category not found"
}, { code: Schema.tag("category_not_found") }) {}

export class ShopNotFoundProblem extends HttpApiError.Problem<ShopNotFoundProblem>()("ShopNotFoundProblem", {
  type: problemType("shop_not_found"),
  status: 404,
  title: "Shop not found"
}, { code: Schema.tag("shop_not_found") }) {}
