/**
 * The couriers' side of the composition root (docs/fulfilment.md): the Couriers registry (the
 * demo courier on the embedded database; Steadfast and Pathao when their credentials are set),
 * DEFAULT_COURIER, and the booking relay and reconciling poll.
 */
import { Effect, Layer, Option } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { DemoCourier } from "../adapters/couriers/demo-courier.ts"
import { makePathaoCourier } from "../adapters/couriers/pathao-courier.ts"
import { makeSteadfastCourier } from "../adapters/couriers/steadfast-courier.ts"
import { CourierWebhookSecrets } from "../adapters/http/courier-webhooks/webhook-request.ts"
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
  readonly others?: Effect.Effect<ReadonlyArray<Courier>, never, HttpClient.HttpClient>
}) =>
  Layer.effect(Couriers, Effect.gen(function*() {
    const demo = options.demo ? [(yield* DemoCourier).courier] : []
    const others = options.others === undefined ? [] : yield* options.others
    const fallback: CourierName | null = options.demo ? "demo" : null
    return couriersOf([...demo, ...others], Option.getOrElse(config.defaultCourier, () => fallback))
  })).pipe(Layer.provide(FetchHttpClient.layer))

/** Steadfast (and Pathao), each when its credentials are configured. */
export const configuredCouriers = (config: CourierConfig): Effect.Effect<ReadonlyArray<Courier>, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const found: Array<Courier> = []
    if (Option.isSome(config.steadfastApiKey) && Option.isSome(config.steadfastSecretKey)) {
      found.push(makeSteadfastCourier({
        baseUrl: config.steadfastBaseUrl,
        apiKey: config.steadfastApiKey.value,
        secretKey: config.steadfastSecretKey.value
      }, client))
    }
    const { pathaoClientId, pathaoClientSecret, pathaoUsername, pathaoPassword, pathaoStoreId } = config
    if (
      Option.isSome(pathaoClientId) && Option.isSome(pathaoClientSecret) && Option.isSome(pathaoUsername) &&
      Option.isSome(pathaoPassword) && Option.isSome(pathaoStoreId)
    ) {
      found.push(yield* makePathaoCourier({
        baseUrl: config.pathaoBaseUrl,
        clientId: pathaoClientId.value,
        clientSecret: pathaoClientSecret.value,
        username: pathaoUsername.value,
        password: pathaoPassword.value,
        storeId: pathaoStoreId.value
      }, client))
    }
    return found
  })

/** The secrets the couriers' webhooks are verified by. */
export const courierWebhookSecrets = (config: CourierConfig) =>
  Layer.succeed(CourierWebhookSecrets, { steadfastToken: config.steadfastWebhookToken, pathaoSecret: config.pathaoWebhookSecret })

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
