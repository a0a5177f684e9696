/**
 * Every setting of docs/contract/operations.md, read from the environment through Effect Config and validated
 * at start: a bad value stops the process with a message naming the variable.
 */
import { Config, Context, Effect, Layer, Option, Schema, SchemaGetter, SchemaIssue } from "effect"
import { type CorsOrigins, noCorsOrigins, parseCorsOrigins } from "../adapters/http/request/cors-origins.ts"
import { CourierConfigDescriptor } from "./courier-config.ts"
import { DeliveryConfigDescriptor } from "./delivery-config.ts"
import { RESET_PASSWORD_PATH } from "../adapters/http/demo-shop-routes.ts"

const positiveInt = (name: string, fallback: number) =>
  Config.schema(Schema.Int.check(Schema.isGreaterThan(0)), name).pipe(Config.withDefault(fallback))

const nonNegativeInt = (name: string, fallback: number) =>
  Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), name).pipe(Config.withDefault(fallback))

const nonEmptyString = (name: string, fallback: string) =>
  Config.schema(Schema.NonEmptyString, name).pipe(Config.withDefault(fallback))

/** CORS_ORIGINS parsed once, when the configuration is read: the origins, or the reason it is invalid. */
const CorsOriginsFromString = Schema.String.pipe(Schema.decodeTo(
  Schema.declare((value: unknown): value is CorsOrigins => typeof value === "object" && value !== null && "_tag" in value),
  {
    decode: SchemaGetter.transformEffect((value: string) => {
      const parsed = parseCorsOrigins(value)
      return "error" in parsed
        ? Effect.fail(new SchemaIssue.InvalidValue({ message: parsed.error }, value))
        : Effect.succeed(parsed.origins)
    }),
    encode: SchemaGetter.forbidden(() => "CORS_ORIGINS is read, never written")
  }
))

export const AppConfigDescriptor = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
  host: nonEmptyString("HOST", "0.0.0.0"),
  databaseUrl: Config.Redacted("DATABASE_URL").pipe(Config.option),
  dataDir: nonEmptyString("DATA_DIR", "./.data"),
  databaseMaxConnections: positiveInt("DATABASE_MAX_CONNECTIONS", 10),
  /** A streaming replica of DATABASE_URL's server: the catalog is read from it (docs/scaling.md). */
  databaseReplicaUrl: Config.Redacted("DATABASE_REPLICA_URL").pipe(Config.option),
  /** Past this lag (or while the replica does not answer) the catalog is read from the primary. */
  replicaMaxLagSeconds: positiveInt("REPLICA_MAX_LAG_SECONDS", 5),
  jwtPrivateKey: Config.Redacted("JWT_PRIVATE_KEY").pipe(Config.option),
  jwtIssuer: nonEmptyString("JWT_ISSUER", "storefront"),
  jwtAudience: nonEmptyString("JWT_AUDIENCE", "storefront-api"),
  accessTokenTtlSeconds: positiveInt("ACCESS_TOKEN_TTL_SECONDS", 900),
  refreshTokenIdleDays: positiveInt("REFRESH_TOKEN_IDLE_DAYS", 30),
  refreshTokenMaxDays: positiveInt("REFRESH_TOKEN_MAX_DAYS", 90),
  otpTtlSeconds: positiveInt("OTP_TTL_SECONDS", 600),
  resetTokenTtlSeconds: positiveInt("RESET_TOKEN_TTL_SECONDS", 3600),
  cartTtlDays: positiveInt("CART_TTL_DAYS", 30),
  /** How long a prepaid order may stay unpaid before the payment job cancels it (docs/payments.md). */
  paymentTtlMinutes: positiveInt("PAYMENT_TTL_MINUTES", 30),
  /** How long after it opened a pending payment session is first asked about at its gateway (docs/payments.md "Reconciliation"). */
  paymentReconcileAfterSeconds: positiveInt("PAYMENT_RECONCILE_AFTER_SECONDS", 300),
  /** bKash Tokenized Checkout: enabled when the app key, secret, username and password are all set (docs/payments.md). */
  bkashBaseUrl: Config.URL("BKASH_BASE_URL").pipe(
    Config.map((url) => url.toString().replace(/\/$/, "")),
    Config.withDefault("https://tokenized.sandbox.bka.sh/v1.2.0-beta")
  ),
  bkashAppKey: Config.String("BKASH_APP_KEY").pipe(Config.option),
  bkashAppSecret: Config.Redacted("BKASH_APP_SECRET").pipe(Config.option),
  bkashUsername: Config.String("BKASH_USERNAME").pipe(Config.option),
  bkashPassword: Config.Redacted("BKASH_PASSWORD").pipe(Config.option),
  /** SSLCommerz v4: enabled when the store id and password are set. */
  sslcommerzBaseUrl: Config.URL("SSLCOMMERZ_BASE_URL").pipe(
    Config.map((url) => url.toString().replace(/\/$/, "")),
    Config.withDefault("https://sandbox.sslcommerz.com")
  ),
  sslcommerzStoreId: Config.String("SSLCOMMERZ_STORE_ID").pipe(Config.option),
  sslcommerzStorePassword: Config.Redacted("SSLCOMMERZ_STORE_PASSWORD").pipe(Config.option),
  /** The service's origin as shoppers and gateways reach it (`https://api.shop.example`); unset: each request's Host. */
  publicUrl: Config.URL("PUBLIC_URL").pipe(Config.map((url) => url.origin), Config.option),
  /** RESET_URL_BASE as given; unset: see `resetUrlBase`. */
  resetUrlBaseSetting: Config.URL("RESET_URL_BASE").pipe(Config.map((url) => url.toString()), Config.option),
  /** How many proxy hops in front of the service to trust for the client IP (0: use the socket address). */
  trustProxy: Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10 })), "TRUST_PROXY").pipe(
    Config.withDefault(0)
  ),
  maxBodyBytes: positiveInt("MAX_BODY_BYTES", 64 * 1024),
  notificationsFile: Config.String("NOTIFICATIONS_FILE").pipe(Config.option),
  logLevel: Config.Literals(["trace", "debug", "info", "warn", "error", "fatal", "none"], "LOG_LEVEL").pipe(
    Config.withDefault("info" as const)
  ),
  /** `json` (one object per line) or `pretty`; unset: JSON unless stdout is a terminal (config/logging.ts). */
  logFormat: Config.Literals(["json", "pretty"], "LOG_FORMAT").pipe(Config.option),
  /** Either set: traces go to that OTLP/HTTP collector (the exporter reads the other OTEL_EXPORTER_OTLP_* variables). */
  otlpEndpoint: Config.URL("OTEL_EXPORTER_OTLP_ENDPOINT").pipe(Config.option),
  otlpTracesEndpoint: Config.URL("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").pipe(Config.option),
  otelServiceName: nonEmptyString("OTEL_SERVICE_NAME", "storefront"),
  /**
   * How cart creation and changes commit: "durable" (default) survives a database crash;
   * "relaxed" skips waiting for the WAL flush and may lose the last moment of cart changes then.
   */
  cartCommit: Config.Literals(["durable", "relaxed"], "CART_COMMIT").pipe(Config.withDefault("durable" as const)),
  /** CORS_ORIGINS, parsed; unset → the demo's default, see `corsOrigins`. */
  corsOriginsSetting: Config.schema(CorsOriginsFromString, "CORS_ORIGINS").pipe(Config.option),
  /** How long a browser may cache a CORS preflight's answer. */
  corsMaxAgeSeconds: positiveInt("CORS_MAX_AGE_SECONDS", 600),
  /** How often the catalog read model looks for changes written by other processes. */
  catalogPollMillis: positiveInt("CATALOG_POLL_MILLIS", 1000),
  /** Smallest catalog whose index a start stores as a snapshot for later starts (catalog-snapshots.ts); 0: every catalog. */
  catalogSnapshotMinProducts: nonNegativeInt("CATALOG_SNAPSHOT_MIN_PRODUCTS", 10_000),
  /** Cache-Control of catalog GETs: max-age and stale-while-revalidate, seconds. */
  catalogCacheMaxAgeSeconds: nonNegativeInt("CATALOG_CACHE_MAX_AGE", 60),
  catalogCacheSwrSeconds: nonNegativeInt("CATALOG_CACHE_SWR", 300),
  /** The shops this instance serves, separated by commas; unset or blank: every shop. */
  catalogShops: Config.String("CATALOG_SHOPS").pipe(Config.withDefault("")),
  /** Worker threads answering listings (0: on the event loop); unset: `defaultCatalogWorkers` (storefront-server.ts). */
  catalogWorkers: Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), "CATALOG_WORKERS").pipe(Config.option),
  /** Email, SMS and webhook delivery (delivery-config.ts). */
  delivery: DeliveryConfigDescriptor,
  /** Couriers: Steadfast, Pathao, DEFAULT_COURIER (courier-config.ts). */
  couriers: CourierConfigDescriptor
})

export type AppConfig = Config.Success<typeof AppConfigDescriptor>

/** What the demo (the embedded database) allows when CORS_ORIGINS is unset: pages served from this machine. */
export const DEMO_CORS_ORIGINS = "http://localhost:*,http://127.0.0.1:*"

/**
 * The origins allowed to call the API from a browser: CORS_ORIGINS when set (empty: none);
 * unset, the demo on the embedded database allows pages on this machine and a deployment on
 * PostgreSQL allows none.
 */
export const corsOrigins = (settings: AppConfig): CorsOrigins =>
  Option.getOrElse(settings.corsOriginsSetting, () => Option.isNone(settings.databaseUrl) ? demoCorsOrigins : noCorsOrigins)

const demoCorsOrigins: CorsOrigins = Schema.decodeSync(CorsOriginsFromString)(DEMO_CORS_ORIGINS)

/**
 * Where reset links point (`<base>?token=…`): RESET_URL_BASE when set; else the reset-password
 * page of this service, at PUBLIC_URL or, without it, at http://localhost:<PORT>.
 */
export const resetUrlBase = (settings: Pick<AppConfig, "resetUrlBaseSetting" | "publicUrl" | "port">): string =>
  Option.getOrElse(
    settings.resetUrlBaseSetting,
    () => `${Option.getOrElse(settings.publicUrl, () => `http://localhost:${settings.port}`)}${RESET_PASSWORD_PATH}`
  )

/**
 * The warning the service logs at start when its reset links lead nowhere: RESET_URL_BASE unset on
 * PostgreSQL, where the demo shop (and its reset page) is not served, so the default link
 * `<PUBLIC_URL or http://localhost:<PORT>>/reset-password` would answer 404.
 */
export const resetLinkWarning = (
  settings: Pick<AppConfig, "resetUrlBaseSetting" | "publicUrl" | "port" | "databaseUrl">
): string | undefined =>
  Option.isSome(settings.resetUrlBaseSetting) || Option.isNone(settings.databaseUrl)
    ? undefined
    : `reset links point at ${resetUrlBase(settings)}, a page this service serves only with the demo shop ` +
      "(embedded database): set RESET_URL_BASE to the shop's reset-password page"

export class AppSettings extends Context.Service<AppSettings, AppConfig>()("storefront/AppSettings") {
  static readonly layer = Layer.effect(AppSettings, AppConfigDescriptor)
}
