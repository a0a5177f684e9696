/** Problems of the catalog routes (404s of products, categories and shops). */
import { StorefrontProblem } from "./problem-type.ts"

export class ProductNotFoundProblem extends StorefrontProblem<ProductNotFoundProblem>()(
  "ProductNotFoundProblem", { code: "product_not_found", status: 404, title: "Product not found" }) {}

export class CategoryNotFoundProblem extends StorefrontProblem<CategoryNotFoundProblem>()(
  "CategoryNotFoundProblem", { code: "category_not_found", status: 404, title: "Category not found" }) {}

export class ShopNotFoundProblem extends StorefrontProblem<ShopNotFoundProblem>()(
  "ShopNotFoundProblem", { code: "shop_not_found", status: 404, title: "Shop not found" }) {}
