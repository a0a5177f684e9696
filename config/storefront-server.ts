/**
 * The composition root: settings → stores (PostgreSQL or embedded PGlite, migrated, demo
 * catalog on first start) → catalog read model → HTTP app → Node HTTP server. In-flight
 * requests get up to 10 s to finish when the process is asked to stop.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Duration, Effect, Layer, Option, References } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { dictionaryDocumentCodecTrainer } from "../adapters/catalog-engine/catalog-engine.ts"
import { createStorefrontNodeServer } from "../adapters/http/node-server.ts"
import * as StorefrontHttpApp from "../adapters/http/storefront-http-app.ts"
import { catalogReadModel } from "./catalog-read-model.ts"
import { openTelemetryTracing, otlpSpanProcessor } from "../adapters/tracing/opentelemetry-tracing.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"
import { parseShopList } from "../application/catalog/shop-scoped-catalog-source.ts"
import * as ShopScopedCatalogSource from "../application/catalog/shop-scoped-catalog-source.ts"
import { BackgroundLoops } from "../application/shared/background-loops.ts"
import { accountConfiguration, accountSecurity } from "./account-stores.ts"
import { applicationServices, httpAppPorts } from "./application-services.ts"
import { type AppConfig, AppConfigDescriptor, corsOrigins, resetLinkWarning } from "./app-config.ts"
import { cartSettings } from "./buying-stores.ts"
import { DEMO_PUBLISHABLE_KEY } from "./demo-catalog.ts"
import * as DemoSeed from "./demo-seed.ts"
import { type LogFormat, resolveLogFormat } from "./logging.ts"
import * as Logging from "./logging.ts"
import { postgresStores } from "./postgres-stores.ts"
import { configuredGateways, paymentGateways, paymentJob, paymentSettings } from "./payments.ts"
import { DemoGateway } from "../adapters/payments/demo-gateway.ts"
import { DemoCourier } from "../adapters/couriers/demo-courier.ts"
import { configuredCouriers, courierWebhookSecrets, couriers, fulfilmentJobs } from "./fulfilment.ts"

const LOG_LEVELS = {
  trace: "Trace",
  debug: "Debug",
  info: "Info",
  warn: "Warn",
  error: "Error",
  fatal: "Fatal",
  none: "None"
} as const

const announce = (logFormat: LogFormat, demoShop: boolean, warnings: ReadonlyArray<string>) => Layer.effectDiscard(Effect.gen(function*() {
  for (const warning of warnings) yield* Effect.logWarning(warning)
  const readModel = yield* CatalogReadModel
  const demoLoaded = readModel.state().publishableKeys.has(DEMO_PUBLISHABLE_KEY)
  yield* HttpServer.addressFormattedWith((url) =>
    // JSON logs stay parseable: the banner becomes one log line
    logFormat === "json"
      ? Effect.log("Storefront API listening").pipe(Effect.annotateLogs({
        url: url.replace("0.0.0.0", "localhost"),
        ...(demoLoaded ? { demoPublishableKey: DEMO_PUBLISHABLE_KEY } : {}),
        ...(demoShop ? { demoShop: `${url.replace("0.0.0.0", "localhost")}/` } : {})
      }))
      : Effect.sync(() => {
        const base = url.replace("0.0.0.0", "localhost")
        console.log(`Storefront API listening on ${base}`)
        if (demoShop) console.log(`  Demo shop:       ${base}/`)
        console.log(`  API reference:   ${base}/docs   (OpenAPI: ${base}/openapi.json)`)
        if (!demoLoaded) return
        console.log(`  Demo key:        x-publishable-api-key: ${DEMO_PUBLISHABLE_KEY}`)
        console.log(`  Try:             curl -H 'x-publishable-api-key: ${DEMO_PUBLISHABLE_KEY}' '${base}/v1/store/products?limit=2&includeFacets=true'`)
      })
  )
}))

/** CATALOG_WORKERS when unset: none, listings on the event loop (docs/decisions/catalog-workers-default-0.md). */
export const defaultCatalogWorkers = (): number => 0

export const storefrontServer = (settings: AppConfig) => {
  const allShops = DemoSeed.layer.pipe(Layer.provideMerge(postgresStores(settings)))
  // CATALOG_SHOPS: the read model loads only these shops
  const servedShops = parseShopList(settings.catalogShops)
  const stores = servedShops === null ? allShops : ShopScopedCatalogSource.layer(servedShops).pipe(Layer.provideMerge(allShops))
  // CATALOG_WORKERS: listings answered by worker threads sharing the index (0: on the event loop)
  const workers = Option.getOrElse(settings.catalogWorkers, defaultCatalogWorkers)
  const readModel = catalogReadModel({
    pollInterval: Duration.millis(settings.catalogPollMillis),
    // product documents compressed against a dictionary trained on the catalog's first ones
    documentCodec: dictionaryDocumentCodecTrainer(),
    workers,
    snapshotMinProducts: settings.catalogSnapshotMinProducts
  }).pipe(Layer.provideMerge(stores))
  const embedded = Option.isNone(settings.databaseUrl)
  const app = Layer.mergeAll(StorefrontHttpApp.layer({
    maxBodyBytes: settings.maxBodyBytes,
    docsPublishableKey: DEMO_PUBLISHABLE_KEY,
    cors: { origins: corsOrigins(settings), maxAgeSeconds: settings.corsMaxAgeSeconds },
    catalogCache: {
      maxAgeSeconds: settings.catalogCacheMaxAgeSeconds,
      staleWhileRevalidateSeconds: settings.catalogCacheSwrSeconds
    },
    // the demo (embedded database) serves its shop page at / and its payment gateway's page
    demoShop: embedded,
    demoGateway: embedded,
    demoCourier: embedded
  }), paymentJob, fulfilmentJobs(settings.couriers, settings.delivery).pipe(Layer.provide(readModel))).pipe(
    // the app sees the services and the read model, not the ports behind them (application-services.ts)
    Layer.provide(applicationServices.pipe(
      Layer.provide(accountSecurity({ jwtPrivateKey: settings.jwtPrivateKey })),
      Layer.provide(readModel),
      Layer.provide(paymentGateways({ demo: embedded, others: configuredGateways(settings) })),
      Layer.provide(paymentSettings(settings)),
      Layer.provide(couriers(settings.couriers, { demo: embedded, others: configuredCouriers(settings.couriers) }))
    )),
    Layer.provideMerge(httpAppPorts.pipe(Layer.provide(readModel))),
    Layer.provide(accountConfiguration(settings)),
    Layer.provide(cartSettings(settings)),
    // one demo gateway for its page and the gateways registry; one demo courier likewise
    Layer.provide(DemoGateway.layer),
    Layer.provide(DemoCourier.layer(Option.getOrNull(settings.publicUrl))),
    Layer.provide(courierWebhookSecrets(settings.couriers))
  )
  // the HTTP edge writes the access log (adapters/http/observability/access-log.ts)
  const served = HttpRouter.serve(app, { disableListenLog: true, disableLogger: true })
  const logFormat = resolveLogFormat(settings.logFormat, process.stdout.isTTY === true)
  // announce once the app (stores, migrations, read model) is up
  const warnings = [resetLinkWarning(settings)].filter((warning) => warning !== undefined)
  return announce(logFormat, Option.isNone(settings.databaseUrl), warnings).pipe(Layer.provideMerge(served)).pipe(
    Layer.provide(NodeHttpServer.layer(createStorefrontNodeServer, {
      port: settings.port,
      host: settings.host,
      gracefulShutdownTimeout: "10 seconds"
    })),
    // one supervisor for every background loop, whose health /ready reports
    Layer.provide(BackgroundLoops.layer),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, LOG_LEVELS[settings.logLevel])),
    Layer.provide(Logging.layer(logFormat)),
    // traces to an OTLP collector when one is configured; pending spans are flushed at shutdown.
    // Without one no span is made at all: spans nobody exports cost every request their allocations
    Layer.provide(Option.isSome(settings.otlpEndpoint) || Option.isSome(settings.otlpTracesEndpoint)
      ? openTelemetryTracing({ serviceName: settings.otelServiceName, spanProcessor: otlpSpanProcessor() })
      : Layer.succeed(References.TracerEnabled, false))
  )
}

export const layer = Layer.unwrap(Effect.map(AppConfigDescriptor, storefrontServer))
