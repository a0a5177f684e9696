/**
 * The real HTTP server in-process on a random port, wired as in production (the same app over
 * the same application services) apart from the stores it is given, which the app here also
 * sees (production builds it with the services and the read model only: httpAppPorts), plus
 * clients: the typed one derived from the StorefrontApi definition and the raw HttpClient (for
 * status codes, headers and malformed requests).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpRouter, HttpServer } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { StorefrontApi } from "../../adapters/http/api/storefront-api.ts"
import type { CorsOptions } from "../../adapters/http/middleware/cors.ts"
import { createStorefrontNodeServer } from "../../adapters/http/node-server.ts"
import type { CatalogCacheSettings } from "../../adapters/http/representation/catalog-http-caching.ts"
import * as StorefrontHttpApp from "../../adapters/http/storefront-http-app.ts"
import { CatalogReadModel } from "../../application/catalog/catalog-read-model.ts"
import { catalogReadModel } from "../../config/catalog-read-model.ts"
import { BackgroundLoops } from "../../application/shared/background-loops.ts"
import { applicationServices } from "../../config/application-services.ts"
import { accountStoresFallback, testAccountSecurity } from "./account-test-layers.ts"
import { buyingStoresFallback } from "./buying-test-layers.ts"
import { type TestPaymentOptions, testPayments } from "./payment-test-layers.ts"
import { DemoCourier } from "../../adapters/couriers/demo-courier.ts"
import { Couriers } from "../../application/fulfilment/courier.ts"
import * as FulfilmentJobs from "../../application/fulfilment/fulfilment-jobs.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { defaultRelaySettings } from "../../application/notifications/outbox-relay.ts"
import { couriersOf } from "../../config/fulfilment.ts"

export const TEST_MAX_BODY_BYTES = 4 * 1024

/**
 * NodeHttpServer.layerTest, but listening with the service's own server factory, so what Node
 * rejects before routing (oversized headers, malformed requests) is answered as in production.
 */
export const nodeServerTest = HttpServer.layerTestClient.pipe(
  Layer.provide(
    Layer.fresh(FetchHttpClient.layer).pipe(
      Layer.provide(Layer.succeed(FetchHttpClient.RequestInit)({ keepalive: false }))
    )
  ),
  Layer.provideMerge(NodeHttpServer.layer(createStorefrontNodeServer, { port: 0 }))
)

/**
 * Serves the app over the given stores (which must provide every port the app needs, e.g.
 * CatalogSource and StoreHealth); extra routes (e.g. a failing one) share the HTTP edge;
 * `cors` allows browser origins (none by default, as in production without CORS_ORIGINS);
 * `demoShop` serves the demo shop page at `/`; `catalogCache` sets the catalog's Cache-Control;
 * `productSearch` "from-stores" builds the read model over the ProductSearch `stores` provide.
 */
export const testServer = <ROut, E, R, ExtraRequirements = HttpRouter.HttpRouter>(
  stores: Layer.Layer<ROut, E, R>,
  extraRoutes: Layer.Layer<never, never, ExtraRequirements> = Layer.empty as Layer.Layer<never, never, ExtraRequirements>,
  options: {
    readonly cors?: CorsOptions
    readonly docsPublishableKey?: string
    readonly demoShop?: boolean
    readonly catalogCache?: CatalogCacheSettings
    /** The read model's ProductSearch: the engine (default), or the one `stores` provide. */
    readonly productSearch?: "engine" | "from-stores"
    /** Gateways, PAYMENT_TTL_MINUTES, allowed return origins (default: the demo gateway, 30 min, https://shop.example). */
    readonly payments?: TestPaymentOptions
    /** Couriers (made over the DemoCourier the server provides); none by default: orders are not booked. */
    readonly couriers?: Layer.Layer<Couriers, never, DemoCourier>
  } = {}
) => {
  const httpOptions = {
    maxBodyBytes: TEST_MAX_BODY_BYTES,
    demoShop: options.demoShop === true,
    demoGateway: true,
    demoCourier: options.couriers !== undefined,
    ...(options.cors === undefined ? {} : { cors: options.cors }),
    ...(options.catalogCache === undefined ? {} : { catalogCache: options.catalogCache }),
    ...(options.docsPublishableKey === undefined ? {} : { docsPublishableKey: options.docsPublishableKey })
  }
  // with "from-stores" the ProductSearch the read model needs is among what `stores` provide (below)
  const readModel = options.productSearch === "from-stores"
    ? CatalogReadModel.layer({ pollInterval: "100 millis" }) as unknown as ReturnType<typeof catalogReadModel>
    : catalogReadModel({ pollInterval: "100 millis" })
  // with couriers, the booking relay (polling every 50 ms) and the reconciling poll run
  const jobs = options.couriers === undefined ? Layer.empty : testFulfilmentJobs
  const app = Layer.mergeAll(StorefrontHttpApp.layer(httpOptions), extraRoutes, jobs).pipe(
    Layer.provide(applicationServices),
    Layer.provide(testPayments(options.payments)),
    Layer.provide(options.couriers ?? Layer.empty),
    Layer.provide(readModel),
    Layer.provide(testAccountSecurity),
    Layer.provideMerge(stores),
    Layer.provide(accountStoresFallback),
    Layer.provide(buyingStoresFallback),
    Layer.provide(DemoCourier.layer(null)),
    Layer.provide(BackgroundLoops.layer)
  )
  return HttpRouter.serve(app, { disableListenLog: true, disableLogger: true }).pipe(
    Layer.provideMerge(nodeServerTest)
  )
}

/** The booking relay and the poll of quiet parcels as tests run them: retries due at once, polling often. */
export const testFulfilmentJobs = FulfilmentJobs.layer({
  relay: { ...defaultRelaySettings({ maxAttempts: 4, firstDelayMillis: 20, maxDelayMillis: 200 }), pollMillis: 50 },
  reconcile: { quietMillis: 60 * 60_000, batchSize: 50 },
  pollInterval: "1 hour"
}).pipe(Layer.provide(OutboxWake.layer))

/** The demo courier as every shop's courier. */
export const demoCouriers = Layer.effect(Couriers, Effect.map(Effect.service(DemoCourier), (demo) => couriersOf([demo.courier], "demo")))

/** The typed client derived from the API definition, sending a publishable key (and a bearer token). */
export const storefrontClient = (publishableKey: string | undefined, accessToken?: string) =>
  HttpApiClient.make(StorefrontApi, {
    transformClient: HttpClient.mapRequest((request) => {
      const withKey = publishableKey === undefined
        ? request
        : HttpClientRequest.setHeader(request, "x-publishable-api-key", publishableKey)
      return accessToken === undefined ? withKey : HttpClientRequest.bearerToken(withKey, accessToken)
    })
  })

/** A raw request returning status, headers, the text and (for JSON responses) the parsed body. */
export const rawRequest = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS",
  path: string,
  options: { readonly headers?: Record<string, string>; readonly body?: string } = {}
) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let request = HttpClientRequest.make(method)(path, { headers: options.headers ?? {} })
    if (options.body !== undefined) {
      request = HttpClientRequest.bodyText(request, options.body, options.headers?.["content-type"] ?? "application/json")
    }
    const response = yield* client.execute(request)
    const text = yield* response.text
    const isJson = /json/.test(response.headers["content-type"] ?? "")
    const json: unknown = text === "" || !isJson ? undefined : JSON.parse(text)
    return { status: response.status, headers: response.headers, body: json, text }
  })
