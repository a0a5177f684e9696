/** What the order-history use cases run on: the orders, and the customer capability's access rule. */
import type { CustomerService } from "../customer/customer-service.ts"
import type { OrderRepository } from "./order-repository.ts"

export interface OrdersPorts {
  readonly orders: OrderRepository["Service"]
  readonly customer: CustomerService["Service"]
}
