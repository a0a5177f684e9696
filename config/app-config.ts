/**
 * Every setting of CONTRACT §8, read from the environment through Effect Config and validated
 * at start: a bad value stops the process with a message naming the variable.
 */
import { Config, Context, Layer, Schema } from "effect"

const positiveInt = (name: string, fallback: number) =>
  Config.schema(Schema.Int.check(Schema.isGreaterThan(0)), name).pipe(Config.withDefault(fallback))

const nonEmptyString = (name: string, fallback: string) =>
  Config.schema(Schema.NonEmptyString, name).pipe(Config.withDefault(fallback))

export const AppConfigDescriptor = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
  host: nonEmptyString("HOST", "0.0.0.0"),
  databaseUrl: Config.Redacted("DATABASE_URL").pipe(Config.option),
  dataDir: nonEmptyString("DATA_DIR", "./.data"),
  databaseMaxConnections: positiveInt("DATABASE_MAX_CONNECTIONS", 10),
  jwtPrivateKey: Config.Redacted("JWT_PRIVATE_KEY").pipe(Config.option),
  jwtIssuer: nonEmptyString("JWT_ISSUER", "storefront"),
  jwtAudience: nonEmptyString("JWT_AUDIENCE", "storefront-api"),
  accessTokenTtlSeconds: positiveInt("ACCESS_TOKEN_TTL_SECONDS", 900),
  refreshTokenIdleDays: positiveInt("REFRESH_TOKEN_IDLE_DAYS", 30),
  refreshTokenMaxDays: positiveInt("REFRESH_TOKEN_MAX_DAYS", 90),
  otpTtlSeconds: positiveInt("OTP_TTL_SECONDS", 600),
  resetTokenTtlSeconds: positiveInt("RESET_TOKEN_TTL_SECONDS", 3600),
  cartTtlDays: positiveInt("CART_TTL_DAYS", 30),
  resetUrlBase: Config.URL("RESET_URL_BASE").pipe(
    Config.map((url) => url.toString()),
    Config.withDefault("http://localhost:3000/reset-password")
  ),
  /** How many proxy hops in front of the service to trust for the client IP (0: use the socket address). */
  trustProxy: Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10 })), "TRUST_PROXY").pipe(
    Config.withDefault(0)
  ),
  maxBodyBytes: positiveInt("MAX_BODY_BYTES", 64 * 1024),
  notificationsFile: Config.String("NOTIFICATIONS_FILE").pipe(Config.option),
  logLevel: Config.Literals(["trace", "debug", "info", "warn", "error", "fatal", "none"], "LOG_LEVEL").pipe(
    Config.withDefault("info" as const)
  ),
  /**
   * How cart creation and changes commit: "durable" (default) survives a database crash;
   * "relaxed" skips waiting for the WAL flush and may lose the last moment of cart changes then.
   */
  cartCommit: Config.Literals(["durable", "relaxed"], "CART_COMMIT").pipe(Config.withDefault("durable" as const)),
  /** How often the catalog read model looks for changes written by other processes. */
  catalogPollMillis: positiveInt("CATALOG_POLL_MILLIS", 1000)
})

export type AppConfig = Config.Success<typeof AppConfigDescriptor>

export class AppSettings extends Context.Service<AppSettings, AppConfig>()("storefront/AppSettings") {
  static readonly layer = Layer.effect(AppSettings, AppConfigDescriptor)
}
