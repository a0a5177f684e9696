/** Problems of the order routes (CONTRACT §2, §7). */
import { StorefrontProblem } from "./problem-type.ts"

export class OrderNotFoundProblem extends StorefrontProblem<OrderNotFoundProblem>()(
  "OrderNotFoundProblem", { code: "order_not_found", status: 404, title: "Order not found" }) {}
