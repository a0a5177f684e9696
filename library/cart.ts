/**
 * `storefront-service/cart`: carts, checkout, order history and payments as services, with the
 * ids they take. Their stores come from `storefront-service/memory` or
 * `storefront-service/postgres`; the catalog's from `storefront-service/catalog`.
 */
export { CartService } from "../application/cart/cart-service.ts"
export { CheckoutService } from "../application/checkout/checkout-service.ts"
export { OrdersService } from "../application/orders/orders-service.ts"
export { PaymentsService } from "../application/payments/payments-service.ts"
export { CartId, CustomerId, LineId, OrderId, ProductId, ShopId, VariantId } from "../domain/shared/ids.ts"
/** The cart, checkout, order-history and payments services, the customer service and Idempotency-Key. */
export { buyingServices as layer } from "../config/application-services.ts"
