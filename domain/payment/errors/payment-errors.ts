/** The failures of the payment routes (docs/payments.md), each answered by one problem. */
import { Schema } from "effect"
import { OrderId } from "../../shared/ids.ts"

/** Only a pending, prepaid, unpaid order inside its payment window can be paid (409 `order_not_payable`). */
export class OrderNotPayable extends Schema.TaggedError<OrderNotPayable>()("OrderNotPayable", {
  orderId: OrderId,
  reason: Schema.Literals(["not_prepaid", "not_pending", "already_paid", "payment_window_closed"])
}) {}

/** No such session of this order (404 `payment_session_not_found`). */
export class PaymentSessionNotFound extends Schema.TaggedError<PaymentSessionNotFound>()("PaymentSessionNotFound", {
  sessionId: Schema.String
}) {}

/** The provider is not configured on this deployment (422 `payment_provider_unavailable`). */
export class PaymentProviderUnavailable extends Schema.TaggedError<PaymentProviderUnavailable>()("PaymentProviderUnavailable", {
  provider: Schema.String
}) {}

/** `returnUrl` is not on an allowed origin (400 `validation_failed` on `returnUrl`). */
export class ReturnUrlNotAllowed extends Schema.TaggedError<ReturnUrlNotAllowed>()("ReturnUrlNotAllowed", {
  returnUrl: Schema.String
}) {}

