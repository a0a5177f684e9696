/**
 * `storefront-service/cart`: carts, checkout, order history and payments as services, with the
 * ids they take. `layer(options)` composes its own defaults (no payment gateways, a 30-minute
 * payment window, the security adapters checkout uses); its stores come from
 * `storefront-service/memory` or `storefront-service/postgres`, the read model it prices against
 * from `storefront-service/catalog`.
 */
import { Layer } from "effect"
import { Notifier } from "../application/auth/notifier.ts"
import { CartSettings, DEFAULT_CART_TTL_DAYS } from "../application/cart/cart-settings.ts"
import { type PaymentGateway, PaymentGateways, PaymentSettings } from "../application/payments/payment-gateway.ts"
import { buyingServices } from "../config/application-services.ts"
import { paymentGatewaysOf } from "../config/payments.ts"
import { librarySecurity } from "./security.ts"

export { CartService } from "../application/cart/cart-service.ts"
export { CheckoutService } from "../application/checkout/checkout-service.ts"
export { OrdersService } from "../application/orders/orders-service.ts"
export { PaymentsService } from "../application/payments/payments-service.ts"
export type { PaymentGateway } from "../application/payments/payment-gateway.ts"
export { CartId, CustomerId, LineId, OrderId, ProductId, ShippingMethodId, ShopId, VariantId } from "../domain/shared/ids.ts"
export { MinorUnits } from "../domain/shared/money.ts"
export type { Address } from "../domain/shipping/address.ts"

export interface CartLayerOptions {
  /** The payment gateways checkout may start sessions with; none by default (cash on delivery only). */
  readonly gateways?: ReadonlyArray<PaymentGateway>
  /** How long an online payment session stays open (30 minutes by default). */
  readonly paymentTtlMinutes?: number
  /** The origin gateways call back and return to (`null` by default: none). */
  readonly publicUrl?: string | null
  /** Origins a payment's returnUrl may point to (none by default). */
  readonly allowsReturnOrigin?: (origin: string) => boolean
  /** How long a cart lives after its last change (30 days by default). */
  readonly cartTtlDays?: number
  /** Where order confirmations go; by default the stores' own notifier (in memory: kept in a list). */
  readonly notifier?: Notifier["Service"]
}

/**
 * The cart, checkout, order-history and payments services, with the customer service and
 * Idempotency-Key. Needs the stores (`Memory.layer`, or the buying and account stores on SQL)
 * and the catalog's read model (`Catalog.layer()`).
 */
export const layer = (options: CartLayerOptions = {}) => {
  const defaults = Layer.mergeAll(
    Layer.succeed(PaymentGateways, paymentGatewaysOf(options.gateways ?? [])),
    Layer.succeed(PaymentSettings, {
      ttlMinutes: options.paymentTtlMinutes ?? 30,
      reconcileAfterMillis: 5 * 60_000,
      publicUrl: options.publicUrl ?? null,
      allowsReturnOrigin: options.allowsReturnOrigin ?? (() => false)
    }),
    Layer.succeed(CartSettings, { ttlDays: options.cartTtlDays ?? DEFAULT_CART_TTL_DAYS }),
    librarySecurity,
    options.notifier === undefined ? Layer.empty : Layer.succeed(Notifier, options.notifier)
  )
  return buyingServices.pipe(Layer.provide(defaults))
}
