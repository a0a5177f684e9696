/**
 * The courier loops under the BackgroundLoops supervisor (restart with backoff, one log line per
 * outage, health in /ready): `booking-relay` books due shipments through the outbox relay
 * (at least once, backoff, dead letters; outbox-relay.ts) and `courier-poll` reconciles quiet
 * parcels (reconcile.ts) every `pollInterval`.
 */
import { Duration, Effect, Layer } from "effect"
import { DeliveryFailed } from "../notifications/delivery-failed.ts"
import { type RelaySettings, relayLoop } from "../notifications/outbox-relay.ts"
import { OutboxWake } from "../notifications/outbox-wake.ts"
import { BackgroundLoops } from "../shared/background-loops.ts"
import { FulfilmentService } from "./fulfilment-service.ts"
import type { ReconcileSettings } from "./reconcile.ts"
import { ShipmentStore } from "./shipment-store.ts"

export const BOOKING_RELAY = "booking-relay"
export const COURIER_POLL = "courier-poll"

export interface FulfilmentJobSettings {
  readonly relay: RelaySettings
  readonly reconcile: ReconcileSettings
  readonly pollInterval: Duration.Input
}

export const layer = (settings: FulfilmentJobSettings) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const loops = yield* BackgroundLoops
    const fulfilment = yield* FulfilmentService
    const shipments = yield* ShipmentStore
    const wake = yield* OutboxWake
    yield* loops.supervise(BOOKING_RELAY, relayLoop({
      queue: shipments.bookings,
      channelOf: () => "courier",
      deliver: (orderId) =>
        fulfilment.book(orderId).pipe(
          Effect.catchTag("StoreUnavailable", () => Effect.fail(new DeliveryFailed({ permanent: false, reason: "database unavailable" })))
        )
    }, settings.relay, wake))
    yield* loops.supervise(COURIER_POLL, ({ healthy }) =>
      Effect.forever(
        fulfilment.reconcile(settings.reconcile).pipe(
          Effect.andThen(healthy),
          Effect.andThen(Effect.sleep(Duration.fromInputUnsafe(settings.pollInterval)))
        )
      ))
  }))
