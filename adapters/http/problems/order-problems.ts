/** Problems of the order routes (CONTRACT §2, §7). */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import { problemType } from "./problem-type.ts"

export class OrderNotFoundProblem extends HttpApiError.Problem<OrderNotFoundProblem>()("OrderNotFoundProblem", {
  type: problemType("order_not_found"),
  status: 404,
  title: "Order not found"
}, { code: Schema.tag("order_not_found") }) {}
