/** Problems of the catalog routes (404s of products, categories and shops). */
import { StorefrontProblem } from "./problem-type.ts"

export class ProductNotFoundProblem extends StorefrontProblem<ProductNotFoundProblem>()(404, "product_not_found", "Product not found") {}
export class CategoryNotFoundProblem extends StorefrontProblem<CategoryNotFoundProblem>()(404, "category_not_found", "Category not found") {}
export class ShopNotFoundProblem extends StorefrontProblem<ShopNotFoundProblem>()(404, "shop_not_found", "Shop not found") {}
