import { Schema } from "effect"
import { OrderId } from "../../shared/ids.ts"

/** No such order among the customer's orders in the key's shops (404 `order_not_found`). */
export class OrderNotFound extends Schema.TaggedError<OrderNotFound>()("OrderNotFound", { orderId: OrderId }) {}
