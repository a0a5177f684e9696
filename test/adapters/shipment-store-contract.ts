/**
 * The contract of every ShipmentStore: a shipment round-trips and is found by its order, and by
 * its consignment id, tracking number or order number at its courier only; a shipment due now is
 * claimed by the booking queue once per lease with its attempts counted, a waiting one only once
 * released; sent, rescheduled, dead-lettered and re-driven as the message outboxes are; an
 * event key is heard once per courier; quiet parcels on their way are found, oldest first.
 */
import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { ShipmentStore } from "../../application/fulfilment/shipment-store.ts"
import { bookShipment, type Shipment } from "../../domain/fulfilment/shipment.ts"
import { asGrams } from "../../domain/shared/weight.ts"
import { portContract } from "./account-store-fixtures.ts"
import { newOrder } from "./order-repository-contract.ts"

const AT = new Date("2026-03-01T10:00:00.000Z")

const storedShipment = (courier: Shipment["courier"] = "steadfast") =>
  Effect.gen(function*() {
    const order = yield* newOrder("cus_shipper", "shop_a", "2026-03-01T09:00:00.000Z")
    yield* (yield* OrderRepository).insert(order, `hash-${order.id}`)
    const shipment: Shipment = {
      orderId: order.id, orderNumber: order.orderNumber, courier, weightGrams: asGrams(1_250), locale: "bn",
      consignmentId: "", trackingNumber: "", status: "", collected: null, flag: "", bookedAt: null, lastHeardAt: null,
      createdAt: AT
    }
    return shipment
  })

/** Claims everything due and keeps the claims of `orderId`. */
const claimsOf = (store: ShipmentStore["Service"], orderId: string) =>
  Effect.map(store.bookings.claim(1_000, 60_000), (claimed) => claimed.filter((claim) => claim.item === orderId))

export const shipmentStoreContract = portContract(ShipmentStore, "ShipmentStore", {
  "a shipment round-trips; it is found by its order and, at its courier only, by consignment id, tracking number or order number": (store) =>
    Effect.gen(function*() {
      const shipment = yield* storedShipment()
      yield* store.insert(shipment, false)
      expect(yield* store.find(shipment.orderId)).toEqual(Option.some(shipment))
      expect(yield* store.findByReference("steadfast", shipment.orderNumber)).toEqual(Option.some(shipment))
      const booked = bookShipment(shipment, { consignmentId: `cid-${shipment.orderNumber}`, trackingNumber: `TRK${shipment.orderNumber}` }, AT)
      yield* store.update({ ...booked, status: "delivered", collected: 120_050 as never, flag: "cancel_at_courier" })
      const stored = Option.getOrThrow(yield* store.find(shipment.orderId))
      expect(stored).toEqual({ ...booked, status: "delivered", collected: 120_050, flag: "cancel_at_courier" })
      expect(yield* store.findByReference("steadfast", booked.consignmentId)).toEqual(Option.some(stored))
      expect(yield* store.findByReference("steadfast", booked.trackingNumber)).toEqual(Option.some(stored))
      expect(yield* store.findByReference("pathao", booked.consignmentId)).toEqual(Option.none())
      expect(yield* store.findByReference("steadfast", "")).toEqual(Option.none())
      expect(yield* store.findByReference("steadfast", "no-such-parcel")).toEqual(Option.none())
    }),

  "a shipment due now is claimed once per lease with its attempts counted; a waiting one only once released": (store) =>
    Effect.gen(function*() {
      const due = yield* storedShipment()
      const waiting = yield* storedShipment()
      yield* store.insert(due, true)
      yield* store.insert(waiting, false)
      expect((yield* claimsOf(store, due.orderId)).map((claim) => claim.attempts)).toEqual([1])
      expect(yield* claimsOf(store, due.orderId)).toEqual([])
      expect(yield* claimsOf(store, waiting.orderId)).toEqual([])
      expect(yield* store.release(waiting.orderId)).toBe(true)
      expect(yield* store.release(waiting.orderId)).toBe(false)
      expect(yield* store.release(due.orderId)).toBe(false)
      const [claimed] = yield* claimsOf(store, waiting.orderId)
      expect(claimed?.item).toBe(waiting.orderId)
    }),

  "a claimed booking is sent, retried later, or a dead letter an operator re-drives": (store) =>
    Effect.gen(function*() {
      const sent = yield* storedShipment()
      const retried = yield* storedShipment()
      const dead = yield* storedShipment()
      for (const shipment of [sent, retried, dead]) yield* store.insert(shipment, true)
      const claims = yield* store.bookings.claim(1_000, 60_000)
      const idOf = (orderId: string) => claims.find((claim) => claim.item === orderId)?.id ?? ""
      yield* store.bookings.markSent([idOf(sent.orderId)])
      yield* store.bookings.retryLater(idOf(retried.orderId), "courier down", 0)
      yield* store.bookings.markFailed(idOf(dead.orderId), "refused")
      expect((yield* claimsOf(store, retried.orderId)).map((claim) => claim.attempts)).toEqual([2])
      expect(yield* claimsOf(store, sent.orderId)).toEqual([])
      expect(yield* claimsOf(store, dead.orderId)).toEqual([])
      expect((yield* store.bookings.backlog).failed).toBeGreaterThanOrEqual(1)
      expect(yield* store.bookings.redrive([idOf(dead.orderId)])).toBe(1)
      expect((yield* claimsOf(store, dead.orderId)).map((claim) => claim.attempts)).toEqual([1])
    }),

  "an event key is heard once per courier": (store) =>
    Effect.gen(function*() {
      const key = `evt-${Math.random()}`
      expect(yield* store.firstHeard("steadfast", key, AT)).toBe(true)
      expect(yield* store.firstHeard("steadfast", key, AT)).toBe(false)
      expect(yield* store.firstHeard("pathao", key, AT)).toBe(true)
    }),

  "quiet parcels on their way are found, longest quiet first; unbooked and ended ones are not": (store) =>
    Effect.gen(function*() {
      const make = (status: Shipment["status"], heard: string) =>
        Effect.gen(function*() {
          const shipment = yield* storedShipment("pathao")
          yield* store.insert(shipment, false)
          const changed: Shipment = { ...shipment, status, lastHeardAt: status === "" ? null : new Date(heard) }
          yield* store.update(changed)
          return changed
        })
      const older = yield* make("in_transit", "2020-01-01T00:00:00.000Z")
      const old = yield* make("booked", "2020-01-02T00:00:00.000Z")
      const ended = yield* make("delivered", "2020-01-01T00:00:00.000Z")
      const unbooked = yield* make("", "2020-01-01T00:00:00.000Z")
      const recent = yield* make("picked_up", "2026-02-28T00:00:00.000Z")
      const quiet = (yield* store.quiet(new Date("2026-01-01T00:00:00.000Z"), 1_000)).map((shipment) => shipment.orderId)
      const mine = quiet.filter((id) => [older, old, ended, unbooked, recent].some((shipment) => shipment.orderId === id))
      expect(mine).toEqual([older.orderId, old.orderId])
    })
})
