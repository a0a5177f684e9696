/**
 * ShipmentStore in memory: shipments by order, with the booking outbox's state beside each
 * (waiting, pending, sent or failed, attempts, the next attempt's time and the claim's lease), on
 * the Clock so tests can move time. Events heard are kept by courier and key.
 */
import { Clock, Effect, Layer, Option } from "effect"
import type { Claimed, DeliveryQueue } from "../../application/notifications/delivery-queue.ts"
import { ShipmentStore } from "../../application/fulfilment/shipment-store.ts"
import type { Shipment } from "../../domain/fulfilment/shipment.ts"
import { isFinalTracking } from "../../domain/order/tracking.ts"
import type { OrderId } from "../../domain/shared/ids.ts"

interface Row {
  shipment: Shipment
  readonly id: string
  state: "waiting" | "pending" | "sent" | "failed"
  attempts: number
  nextAttemptAt: number
  leaseUntil: number
  lastError: string | null
  readonly createdAt: number
}

export const makeMemoryShipmentStore = () => {
  const rows = new Map<string, Row>()
  const heard = new Set<string>()
  let nextId = 1
  const now = Clock.currentTimeMillis

  const bookings: DeliveryQueue<OrderId> = {
    claim: (limit, leaseMillis) =>
      Effect.map(now, (at) => {
        const due = [...rows.values()]
          .filter((row) => row.state === "pending" && row.nextAttemptAt <= at && row.leaseUntil <= at)
          .sort((left, right) => left.nextAttemptAt - right.nextAttemptAt || Number(left.id) - Number(right.id))
          .slice(0, limit)
        return due.map((row): Claimed<OrderId> => {
          row.leaseUntil = at + leaseMillis
          row.attempts += 1
          return { id: row.id, attempts: row.attempts, item: row.shipment.orderId }
        })
      }),
    markSent: (ids) =>
      Effect.sync(() => {
        for (const row of rows.values()) {
          if (ids.includes(row.id)) Object.assign(row, { state: "sent", leaseUntil: 0, lastError: null })
        }
      }),
    retryLater: (id, error, delayMillis) =>
      Effect.map(now, (at) => {
        for (const row of rows.values()) {
          if (row.id === id) Object.assign(row, { nextAttemptAt: at + delayMillis, leaseUntil: 0, lastError: error })
        }
      }),
    markFailed: (id, error) =>
      Effect.sync(() => {
        for (const row of rows.values()) if (row.id === id) Object.assign(row, { state: "failed", leaseUntil: 0, lastError: error })
      }),
    backlog: Effect.map(now, (at) => {
      const pending = [...rows.values()].filter((row) => row.state === "pending")
      return {
        depth: pending.length,
        oldestPendingMillis: pending.length === 0 ? 0 : at - Math.min(...pending.map((row) => row.createdAt)),
        failed: [...rows.values()].filter((row) => row.state === "failed").length
      }
    }),
    redrive: (ids) =>
      Effect.map(now, (at) => {
        let count = 0
        for (const row of rows.values()) {
          if (row.state === "failed" && (ids.length === 0 || ids.includes(row.id))) {
            Object.assign(row, { state: "pending", attempts: 0, nextAttemptAt: at, leaseUntil: 0 })
            count++
          }
        }
        return count
      })
  }

  return ShipmentStore.of({
    insert: (shipment, bookNow) =>
      Effect.flatMap(now, (at) =>
        rows.has(shipment.orderId)
          ? Effect.die(new Error(`order ${shipment.orderId} already has a shipment`))
          : Effect.sync(() =>
            void rows.set(shipment.orderId, {
              shipment,
              id: String(nextId++),
              state: bookNow ? "pending" : "waiting",
              attempts: 0,
              nextAttemptAt: at,
              leaseUntil: 0,
              lastError: null,
              createdAt: at
            })
          )),
    release: (orderId) =>
      Effect.map(now, (at) => {
        const row = rows.get(orderId)
        if (row === undefined || row.state !== "waiting") return false
        Object.assign(row, { state: "pending", nextAttemptAt: at })
        return true
      }),
    find: (orderId) => Effect.sync(() => Option.fromNullishOr(rows.get(orderId)?.shipment)),
    findByReference: (courier, reference) =>
      Effect.sync(() =>
        Option.fromNullishOr(
          [...rows.values()].map((row) => row.shipment).find((shipment) =>
            shipment.courier === courier && reference !== "" &&
            (shipment.consignmentId === reference || shipment.trackingNumber === reference || shipment.orderNumber === reference)
          )
        )
      ),
    update: (shipment) =>
      Effect.sync(() => {
        const row = rows.get(shipment.orderId)
        if (row !== undefined) row.shipment = shipment
      }),
    firstHeard: (courier, eventKey) =>
      Effect.sync(() => {
        const key = JSON.stringify([courier, eventKey])
        if (heard.has(key)) return false
        heard.add(key)
        return true
      }),
    quiet: (heardBefore, limit) =>
      Effect.sync(() =>
        [...rows.values()]
          .map((row) => row.shipment)
          .filter((shipment) =>
            shipment.status !== "" && !isFinalTracking(shipment.status) &&
            (shipment.lastHeardAt ?? shipment.createdAt).getTime() < heardBefore.getTime()
          )
          .sort((left, right) => (left.lastHeardAt ?? left.createdAt).getTime() - (right.lastHeardAt ?? right.createdAt).getTime())
          .slice(0, limit)
      ),
    bookings
  })
}

export const layer = Layer.sync(ShipmentStore, makeMemoryShipmentStore)
