/**
 * Booking and tracking over the memory adapters with a courier that holds state
 * (test/support/fake-courier.ts): a cash-on-delivery order is booked by the booking relay after
 * checkout, once, whatever faults the courier has (down, a lost answer: still one parcel; a
 * refusal: a dead letter); a prepaid one waits for its payment; the courier's reports move the
 * order forward only, pay a delivered COD order for what was collected, restock a return once;
 * a booked order may be cancelled until pickup (cancelled at the courier); quiet parcels are polled.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CartService } from "../../application/cart/cart-service.ts"
import { CheckoutService } from "../../application/checkout/checkout-service.ts"
import { DemoGateway } from "../../adapters/payments/demo-gateway.ts"
import { TEST_SHOP_ORIGIN } from "../support/payment-test-layers.ts"
import { FulfilmentService } from "../../application/fulfilment/fulfilment-service.ts"
import { ShipmentStore } from "../../application/fulfilment/shipment-store.ts"
import { Inventory } from "../../application/cart/inventory.ts"
import { DeliveryFailed } from "../../application/notifications/delivery-failed.ts"
import { relayBatch } from "../../application/notifications/outbox-relay.ts"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import type { CartRequester } from "../../application/cart/cart-requester.ts"
import { type CartId, ShippingMethodId, ShopId, type OrderId, type VariantId } from "../../domain/shared/ids.ts"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { createCart, setCartShippingAddress, setCartShippingMethod } from "../support/buying-services.ts"
import { FakeCourier, fakeCourierLayer } from "../support/fake-courier.ts"
import { DHAKA_HOME, memoryBuyingServicesWith } from "../support/memory-buying-world.ts"
import { minor } from "../support/units.ts"

const SHOP_A = [ShopId.make("shop_a")]
const guest: CartRequester = { shopIds: SHOP_A, customerId: null }

const place = (sku: string, quantity: number, paymentMethod: "cod" | "prepaid" = "cod") =>
  Effect.gen(function*() {
    const { variant } = yield* fixtureVariant(sku)
    const created = yield* createCart({ shopId: ShopId.make("shop_a"), customerId: null, items: [{ variantId: variant.id, quantity }] })
    const change = (cartId: CartId) => ({ cartId, requester: guest, expectedVersions: null })
    yield* setCartShippingAddress({ ...change(created.cart.id), address: { ...DHAKA_HOME, phone: "+880 1711-000000" } })
    yield* setCartShippingMethod({ ...change(created.cart.id), shippingMethodId: ShippingMethodId.make("sm_a_standard") })
    if (paymentMethod === "prepaid") yield* Effect.flatMap(CartService, (carts) => carts.setPaymentMethod({ ...change(created.cart.id), paymentMethod }))
    return yield* Effect.flatMap(CheckoutService, (service) => service.placeOrder(change(created.cart.id)))
  })

/** One round of the booking relay, retries due at once; claims held for `leaseMillis`. */
const relayRoundLeasing = (leaseMillis: number) => Effect.gen(function*() {
  const shipments = yield* ShipmentStore
  const fulfilment = yield* FulfilmentService
  return yield* relayBatch({
    queue: shipments.bookings,
    channelOf: () => "courier",
    deliver: (orderId) =>
      fulfilment.book(orderId).pipe(
        Effect.catchTag("StoreUnavailable", () => Effect.fail(new DeliveryFailed({ permanent: false, reason: "store" })))
      )
  }, { retry: { maxAttempts: 3, firstDelayMillis: 0, maxDelayMillis: 0 }, batchSize: 100, leaseMillis, pollMillis: 10, concurrency: 4, deliveryTimeoutMillis: 1 })
})
const relayRound = relayRoundLeasing(60_000)

const orderOf = (orderId: OrderId) =>
  Effect.map(Effect.flatMap(OrderRepository, (orders) => orders.findForUpdate(orderId)), (found) => Option.getOrThrow(found).order)

const stockOf = (variantId: VariantId) =>
  Effect.map(Effect.flatMap(Inventory, (inventory) => inventory.variantsForShop(ShopId.make("shop_a"), [variantId])), (found) => found.get(variantId)?.stock)

layer(memoryBuyingServicesWith({}, fakeCourierLayer), { excludeTestServices: true })("booking and tracking (memory adapters, a fake courier)", (it) => {
  describe("booking", () => {
    it.effect("a cash-on-delivery order is booked once after checkout: tracking shown, processing; the parcel carries the order", () =>
      Effect.gen(function*() {
        const fake = yield* FakeCourier
        const placed = yield* place("FIX-6-1", 2)
        expect(placed.order.tracking).toEqual({ courierName: "", status: "", trackingNumber: "", trackingUrl: "" })
        expect(yield* relayRound).toBeGreaterThanOrEqual(1)
        const order = yield* orderOf(placed.order.id)
        expect(order.status).toBe("processing")
        expect(order.tracking).toEqual({
          courierName: "Fake courier",
          status: "booked",
          trackingNumber: `T${order.orderNumber}`,
          trackingUrl: `https://courier.example/track/T${order.orderNumber}`
        })
        const parcel = fake.parcels.get(order.orderNumber)!.parcel
        expect(parcel).toMatchObject({
          orderNumber: order.orderNumber,
          recipientName: DHAKA_HOME.name,
          recipientPhone: "+880 1711-000000",
          amountToCollect: order.total,
          itemCount: 2
        })
        expect(parcel.description).toContain("2 x ")
        expect(yield* relayRound).toBe(0)
        expect(fake.parcels.size).toBeGreaterThanOrEqual(1)
      }))

    it.effect("a courier down and a lost answer are retried: one parcel for the order; a refusal is a dead letter", () =>
      Effect.gen(function*() {
        const fake = yield* FakeCourier
        const shipments = yield* ShipmentStore
        const placed = yield* place("FIX-6-1", 1)
        fake.faults.down = 1
        fake.faults.loseAnswers = 1
        const callsBefore = fake.bookCalls()
        yield* relayRound
        yield* relayRound
        yield* relayRound
        expect(fake.bookCalls() - callsBefore).toBe(3)
        expect([...fake.parcels.values()].filter((held) => held.parcel.orderNumber === placed.order.orderNumber)).toHaveLength(1)
        expect((yield* orderOf(placed.order.id)).tracking.status).toBe("booked")

        const refused = yield* place("FIX-6-1", 1)
        const failedBefore = (yield* shipments.bookings.backlog).failed
        fake.faults.refuse = 1
        yield* relayRound
        expect((yield* shipments.bookings.backlog).failed).toBe(failedBefore + 1)
        expect((yield* orderOf(refused.order.id)).status).toBe("pending")
      }))

    it.effect("a relay that dies between the courier's booking and recording it: the lease runs out, the booking runs again, one parcel", () =>
      Effect.gen(function*() {
        const fake = yield* FakeCourier
        const placed = yield* place("FIX-6-1", 1)
        fake.faults.crashAfterBooking = 1
        const crashed = yield* Effect.exit(relayRoundLeasing(0))
        expect(crashed._tag).toBe("Failure")
        expect(fake.parcels.has(placed.order.orderNumber)).toBe(true)
        expect((yield* orderOf(placed.order.id)).tracking.status).toBe("")
        // the claim's lease (0 ms here) has run out: another relay claims the booking again
        yield* relayRound
        expect((yield* orderOf(placed.order.id))).toMatchObject({ status: "processing", tracking: { status: "booked", trackingNumber: `T${placed.order.orderNumber}` } })
        expect([...fake.parcels.values()].filter((held) => held.parcel.orderNumber === placed.order.orderNumber)).toHaveLength(1)
      }))

    it.effect("a prepaid order is not booked while unpaid; once paid it is", () =>
      Effect.gen(function*() {
        const shipments = yield* ShipmentStore
        const payments = yield* PaymentsService
        const demo = yield* DemoGateway
        const placed = yield* place("FIX-6-1", 1, "prepaid")
        expect(placed.order.paymentMethod).toBe("prepaid")
        yield* relayRound
        expect(Option.getOrThrow(yield* shipments.find(placed.order.id)).status).toBe("")
        const requester = { shopIds: SHOP_A, customerId: null, orderToken: placed.orderToken }
        const session = yield* payments.startSession({
          orderId: placed.order.id, requester, provider: "demo", returnUrl: `${TEST_SHOP_ORIGIN}/thanks`, ownOrigin: "https://api.example"
        })
        yield* demo.decide(session.id, "paid")
        yield* payments.complete("demo", session.id, { fields: {} })
        expect((yield* orderOf(placed.order.id)).paymentStatus).toBe("paid")
        yield* relayRound
        const booked = yield* orderOf(placed.order.id)
        expect(booked).toMatchObject({ status: "processing", tracking: { status: "booked" } })
        expect((yield* FakeCourier).parcels.get(booked.orderNumber)!.parcel.amountToCollect).toBe(0)
      }))
  })

  describe("tracking", () => {
    it.effect("reports move the order forward only; duplicates and late events change nothing; a delivered COD order is paid what was collected", () =>
      Effect.gen(function*() {
        const fulfilment = yield* FulfilmentService
        const placed = yield* place("FIX-6-1", 1)
        yield* relayRound
        const number = placed.order.orderNumber
        expect(yield* fulfilment.report("steadfast", `C${number}`, { status: "picked_up", collected: null }, `e1-${number}`)).toBe("applied")
        expect((yield* orderOf(placed.order.id)).status).toBe("shipped")
        expect(yield* fulfilment.report("steadfast", `C${number}`, { status: "picked_up", collected: null }, `e1-${number}`)).toBe("duplicate")
        expect(yield* fulfilment.report("steadfast", number, { status: "out_for_delivery", collected: null }, `e2-${number}`)).toBe("applied")
        expect(yield* fulfilment.report("steadfast", `C${number}`, { status: "in_transit", collected: null }, `e3-${number}`)).toBe("unchanged")
        expect(yield* fulfilment.report("steadfast", "no-such-parcel", { status: "delivered", collected: null }, `e4-${number}`)).toBe("unknown")
        expect(yield* fulfilment.report("steadfast", `C${number}`, { status: "delivered", collected: minor(50_000) }, `e5-${number}`)).toBe("applied")
        const delivered = yield* orderOf(placed.order.id)
        expect(delivered).toMatchObject({ status: "delivered", paymentStatus: "paid", amountPaid: 50_000 })
        expect(delivered.tracking.status).toBe("delivered")
        expect(yield* fulfilment.report("steadfast", `C${number}`, { status: "returned", collected: null }, `e6-${number}`)).toBe("unchanged")
      }))

    it.effect("a returned parcel's stock comes back once", () =>
      Effect.gen(function*() {
        const fulfilment = yield* FulfilmentService
        const { variant } = yield* fixtureVariant("FIX-6-1")
        const placed = yield* place("FIX-6-1", 2)
        yield* relayRound
        const taken = yield* stockOf(variant.id)
        const reference = `C${placed.order.orderNumber}`
        yield* fulfilment.report("steadfast", reference, { status: "picked_up", collected: null }, null)
        expect(yield* fulfilment.report("steadfast", reference, { status: "returned", collected: null }, null)).toBe("applied")
        expect(yield* fulfilment.report("steadfast", reference, { status: "returned", collected: null }, null)).toBe("unchanged")
        expect(yield* stockOf(variant.id)).toBe(taken! + 2)
        expect((yield* orderOf(placed.order.id)).status).toBe("returned")
      }))

    it.effect("a quiet parcel is asked of its courier; a courier down is asked again next round", () =>
      Effect.gen(function*() {
        const fake = yield* FakeCourier
        const fulfilment = yield* FulfilmentService
        const placed = yield* place("FIX-6-1", 1)
        yield* relayRound
        fake.parcels.get(placed.order.orderNumber)!.status = "in_transit"
        fake.faults.down = 100
        yield* fulfilment.reconcile({ quietMillis: -60_000, batchSize: 1_000 })
        expect((yield* orderOf(placed.order.id)).tracking.status).toBe("booked")
        fake.faults.down = 0
        yield* fulfilment.reconcile({ quietMillis: -60_000, batchSize: 1_000 })
        expect((yield* orderOf(placed.order.id))).toMatchObject({ status: "shipped", tracking: { status: "in_transit" } })
      }))
  })

  describe("cancel", () => {
    it.effect("a booked order is cancelled until pickup, at the courier too; after pickup it is not cancellable", () =>
      Effect.gen(function*() {
        const fake = yield* FakeCourier
        const payments = yield* PaymentsService
        const fulfilment = yield* FulfilmentService
        const booked = yield* place("FIX-6-1", 1)
        yield* relayRound
        const owner = { shopIds: SHOP_A, customerId: null, orderToken: booked.orderToken }
        expect((yield* payments.cancelOrder(booked.order.id, owner)).status).toBe("cancelled")
        expect(fake.parcels.get(booked.order.orderNumber)!.status).toBe("cancelled")
        expect((yield* orderOf(booked.order.id)).tracking.status).toBe("cancelled")

        fake.faults.cancellable = false
        const flagged = yield* place("FIX-6-1", 1)
        yield* relayRound
        yield* payments.cancelOrder(flagged.order.id, { ...owner, orderToken: flagged.orderToken })
        const shipment = Option.getOrThrow(yield* (yield* ShipmentStore).find(flagged.order.id))
        expect(shipment.flag).toBe("cancel_at_courier")
        fake.faults.cancellable = true

        const picked = yield* place("FIX-6-1", 1)
        yield* relayRound
        yield* fulfilment.report("steadfast", picked.order.orderNumber, { status: "picked_up", collected: null }, null)
        const refused = yield* Effect.flip(payments.cancelOrder(picked.order.id, { ...owner, orderToken: picked.orderToken }))
        expect(refused._tag).toBe("OrderNotCancellable")
      }))
  })
})
