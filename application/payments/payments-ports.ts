/** What the order cancellation and payment use cases run on, taken once when their service is built. */
import { Effect } from "effect"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { CouponRepository } from "../cart/coupon-repository.ts"
import { Inventory } from "../cart/inventory.ts"
import { CustomerService } from "../customer/customer-service.ts"
import { EventOutbox } from "../notifications/event-outbox.ts"
import { OrderRepository } from "../orders/order-repository.ts"
import { Transactions } from "../shared/transactions.ts"
import { PaymentGateways, PaymentSettings } from "./payment-gateway.ts"
import { PaymentStore } from "./payment-store.ts"
import { ShipmentStore } from "../fulfilment/shipment-store.ts"
import { FulfilmentService } from "../fulfilment/fulfilment-service.ts"

export const paymentsPorts = Effect.all({
  orders: OrderRepository,
  inventory: Inventory,
  coupons: CouponRepository,
  payments: PaymentStore,
  gateways: PaymentGateways,
  settings: PaymentSettings,
  transactions: Transactions,
  ids: IdGenerator,
  hasher: TokenHasher,
  customer: CustomerService,
  /** order.paid and order.cancelled for the back office, written in the unit of work of the change. */
  events: EventOutbox,
  /** A paid prepaid order's shipment becomes due to be booked (when the shop has a courier). */
  shipments: Effect.serviceOption(ShipmentStore),
  /** A cancelled booked order's booking is cancelled at the courier (or flagged). */
  fulfilment: Effect.serviceOption(FulfilmentService)
})

export type PaymentsPorts = Effect.Success<typeof paymentsPorts>
