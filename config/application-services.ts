/**
 * The application's use cases as services (application/<capability>/*-service.ts), each built
 * once over the ports the stores, the security adapters and the catalog read model provide.
 * The HTTP handlers (and library users) take these services; nothing is provided per request.
 */
import { Context, Effect, Layer } from "effect"
import { AccountsService } from "../application/auth/accounts-service.ts"
import { CartService } from "../application/cart/cart-service.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"
import { CatalogService } from "../application/catalog/catalog-service.ts"
import { CheckoutService } from "../application/checkout/checkout-service.ts"
import { CustomerService } from "../application/customer/customer-service.ts"
import { FulfilmentService } from "../application/fulfilment/fulfilment-service.ts"
import { Idempotency } from "../application/idempotency/run-idempotently.ts"
import { OrdersService } from "../application/orders/orders-service.ts"
import { OutboxBacklog } from "../application/notifications/outbox-backlog.ts"
import { PaymentsService } from "../application/payments/payments-service.ts"
import { ReplicaHealth } from "../application/shared/replica-health.ts"
import { StoreHealth } from "../application/shared/store-health.ts"

/** The customer, cart, checkout, order-history, payments and courier services, and Idempotency-Key. */
export const buyingServices = Layer.mergeAll(
  CartService.layer,
  CheckoutService.layer,
  OrdersService.layer,
  // a cancelled booked order's booking is cancelled at the courier
  PaymentsService.layer.pipe(Layer.provideMerge(FulfilmentService.layer))
).pipe(
  Layer.provideMerge(CustomerService.layer),
  Layer.merge(Idempotency.layer)
)

/** Every application service the HTTP app takes. */
export const applicationServices = Layer.mergeAll(buyingServices, AccountsService.layer, CatalogService.layer)

/**
 * What the HTTP app takes from the stores' side besides the services: the read model (catalog
 * caching, /ready, /metrics), the store's health (/ready), the outboxes' backlog when messages
 * are relayed (/ready, /metrics) and the catalog replica's health when there is one (/ready,
 * /metrics). Only these: every request's context copies whatever the app was built with, so the
 * ports stay with the services that use them.
 */
export const httpAppPorts = Layer.effectContext(Effect.gen(function*() {
  const picked = Context.pick(CatalogReadModel, StoreHealth)(yield* Effect.context<CatalogReadModel | StoreHealth>())
  const backlog = yield* Effect.serviceOption(OutboxBacklog)
  const replica = yield* Effect.serviceOption(ReplicaHealth)
  const withBacklog = backlog._tag === "Some" ? Context.add(picked, OutboxBacklog, backlog.value) : picked
  return replica._tag === "Some" ? Context.add(withBacklog, ReplicaHealth, replica.value) : withBacklog
}))
