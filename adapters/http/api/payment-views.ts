/** Payment sessions as the storefront sees them (docs/payments.md): money in major units. */
import { Schema } from "effect"
import { PAYMENT_SESSION_STATUSES, PaymentProvider } from "../../../domain/payment/payment-session.ts"
import { OrderId, PaymentSessionId } from "../../../domain/shared/ids.ts"

export const PaymentSessionView = Schema.Struct({
  id: PaymentSessionId,
  orderId: OrderId,
  provider: PaymentProvider,
  status: Schema.Literals(PAYMENT_SESSION_STATUSES),
  amount: Schema.Finite,
  currency: Schema.String,
  redirectUrl: Schema.String.annotate({ description: "Send the shopper here to pay" }),
  returnUrl: Schema.String,
  expiresAt: Schema.String,
  createdAt: Schema.String
}).annotate({ identifier: "PaymentSession" })

/** At most 2048 characters, no control characters: where the shopper returns after paying. */
const ReturnUrl = Schema.String.check(
  Schema.isBetweenLength(1, 2048),
  Schema.isPattern(/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/, { message: "Expected an absolute http(s) URL" })
)

export const CreatePaymentSessionBody = Schema.Struct({
  provider: PaymentProvider,
  returnUrl: ReturnUrl
}).annotate({ identifier: "CreatePaymentSessionBody" })
