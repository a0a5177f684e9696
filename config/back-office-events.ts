/** The `data` of a back-office event: the order detail or the customer as the API shows them. */
import { toCustomerView } from "../adapters/http/handlers/customer-handlers.ts"
import { orderDetailView } from "../adapters/http/handlers/order-rendering.ts"
import type { BackOfficeEvent } from "../application/notifications/event-outbox.ts"

export const renderBackOfficeEvent = (event: BackOfficeEvent): unknown =>
  event.type === "customer.registered" ? toCustomerView(event.customer) : orderDetailView(event.order)
