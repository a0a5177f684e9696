/** Problems of the order routes (docs/contract/errors.md, docs/contract/orders.md). */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export class OrderNotFoundProblem extends StorefrontProblem<OrderNotFoundProblem>()(404, "order_not_found", "Order not found") {}
export class OrderNotCancellableProblem extends StorefrontProblem<OrderNotCancellableProblem>()(
  409, "order_not_cancellable", "Order cannot be cancelled", { orderStatus: Schema.String }
) {}
export class OrderNotPayableProblem extends StorefrontProblem<OrderNotPayableProblem>()(
  409, "order_not_payable", "Order cannot be paid", { reason: Schema.String }
) {}
export class PaymentSessionNotFoundProblem extends StorefrontProblem<PaymentSessionNotFoundProblem>()(
  404, "payment_session_not_found", "Payment session not found"
) {}
export class PaymentProviderUnavailableProblem extends StorefrontProblem<PaymentProviderUnavailableProblem>()(
  422, "payment_provider_unavailable", "Payment provider unavailable"
) {}
export class PaymentGatewayFailedProblem extends StorefrontProblem<PaymentGatewayFailedProblem>()(
  502, "payment_gateway_failed", "Payment gateway failed"
) {}
