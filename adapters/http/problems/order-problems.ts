/** Problems of the order routes (CONTRACT §2, §7). */
import { StorefrontProblem } from "./problem-type.ts"

export class OrderNotFoundProblem extends StorefrontProblem<OrderNotFoundProblem>()(404, "order_not_found", "Order not found") {}
