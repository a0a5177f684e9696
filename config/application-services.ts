/**
 * The application's use cases as services (application/<capability>/*-service.ts), each built
 * once over the ports the stores, the security adapters and the catalog read model provide.
 * The HTTP handlers (and library users) take these services; nothing is provided per request.
 */
import { Layer } from "effect"
import { AccountsService } from "../application/auth/accounts-service.ts"
import { CartService } from "../application/cart/cart-service.ts"
import { CatalogService } from "../application/catalog/catalog-service.ts"
import { CheckoutService } from "../application/checkout/checkout-service.ts"
import { CustomerService } from "../application/customer/customer-service.ts"
import { Idempotency } from "../application/idempotency/run-idempotently.ts"
import { OrdersService } from "../application/orders/orders-service.ts"

/** The customer, cart, checkout and order-history services, and Idempotency-Key. */
export const buyingServices = Layer.mergeAll(CartService.layer, CheckoutService.layer, OrdersService.layer).pipe(
  Layer.provideMerge(CustomerService.layer),
  Layer.merge(Idempotency.layer)
)

/** Every application service the HTTP app takes. */
export const applicationServices = Layer.mergeAll(buyingServices, AccountsService.layer, CatalogService.layer)
