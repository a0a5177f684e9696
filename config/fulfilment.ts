/**
 * The couriers' side of the composition root (docs/fulfilment.md): the Couriers registry (the
 * demo courier on the embedded database; Steadfast and Pathao when their credentials are set),
 * DEFAULT_COURIER, and the booking relay and reconciling poll.
 */
import { Effect, Layer, Option } from "effect"
import { DemoCourier } from "../adapters/couriers/demo-courier.ts"
import { type Courier, Couriers } from "../application/fulfilment/courier.ts"
import * as FulfilmentJobs from "../application/fulfilment/fulfilment-jobs.ts"
import { defaultRelaySettings } from "../application/notifications/outbox-relay.ts"
import type { CourierName } from "../domain/fulfilment/shipment.ts"
import type { CourierConfig } from "./courier-config.ts"
import type { DeliveryConfig } from "./delivery-config.ts"

/** A registry of the given couriers. */
export const couriersOf = (couriers: ReadonlyArray<Courier>, defaultCourier: CourierName | null) => {
  const byName = new Map<CourierName, Courier>(couriers.map((courier) => [courier.name, courier]))
  return Couriers.of({ get: (name) => byName.get(name), defaultCourier })
}

/**
 * The configured couriers, the demo one (DemoCourier) when `demo`; DEFAULT_COURIER, else the demo
 * courier on the demo, else none.
 */
export const couriers = (config: CourierConfig, options: {
  readonly demo: boolean
  readonly others?: Effect.Effect<ReadonlyArray<Courier>>
}) =>
  Layer.effect(Couriers, Effect.gen(function*() {
    const demo = options.demo ? [(yield* DemoCourier).courier] : []
    const others = options.others === undefined ? [] : yield* options.others
    const fallback: CourierName | null = options.demo ? "demo" : null
    return couriersOf([...demo, ...others], Option.getOrElse(config.defaultCourier, () => fallback))
  }))

/** How often the poll looks for quiet parcels. */
export const COURIER_POLL_INTERVAL = "1 minute"

/** The booking relay (the delivery settings' retry policy and poll) and the reconciling poll. */
export const fulfilmentJobs = (config: CourierConfig, delivery: DeliveryConfig) =>
  FulfilmentJobs.layer({
    relay: {
      ...defaultRelaySettings({
        maxAttempts: delivery.maxAttempts,
        firstDelayMillis: delivery.retryFirstMillis,
        maxDelayMillis: delivery.retryMaxMillis
      }),
      pollMillis: delivery.relayPollMillis,
      leaseMillis: delivery.relayLeaseMillis,
      concurrency: 4
    },
    reconcile: { quietMillis: config.courierQuietMinutes * 60_000, batchSize: 50 },
    pollInterval: COURIER_POLL_INTERVAL
  })
