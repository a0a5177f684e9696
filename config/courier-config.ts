/**
 * The couriers' settings (docs/contract/couriers.md, docs/fulfilment.md "Configuration"): each courier is
 * enabled when its credentials are set; secrets are Redacted. DEFAULT_COURIER books the orders of
 * shops whose import names no courier (unset: on the embedded demo the demo courier, else none).
 */
import { Config } from "effect"

const baseUrl = (name: string, fallback: string) =>
  Config.URL(name).pipe(Config.map((url) => url.toString().replace(/\/$/, "")), Config.withDefault(fallback))

export const CourierConfigDescriptor = Config.all({
  defaultCourier: Config.Literals(["steadfast", "pathao", "demo"], "DEFAULT_COURIER").pipe(Config.option),
  /** Steadfast's merchant API, its `/api/v1` path included. */
  steadfastBaseUrl: baseUrl("STEADFAST_BASE_URL", "https://portal.packzy.com/api/v1"),
  steadfastApiKey: Config.Redacted("STEADFAST_API_KEY").pipe(Config.option),
  steadfastSecretKey: Config.Redacted("STEADFAST_SECRET_KEY").pipe(Config.option),
  /** The bearer token Steadfast sends with its notifications (set in its merchant panel). */
  steadfastWebhookToken: Config.Redacted("STEADFAST_WEBHOOK_TOKEN").pipe(Config.option),
  /** Pathao's origin; the service adds `/aladdin/api/v1`. */
  pathaoBaseUrl: baseUrl("PATHAO_BASE_URL", "https://courier-api-sandbox.pathao.com"),
  pathaoClientId: Config.String("PATHAO_CLIENT_ID").pipe(Config.option),
  pathaoClientSecret: Config.Redacted("PATHAO_CLIENT_SECRET").pipe(Config.option),
  pathaoUsername: Config.String("PATHAO_USERNAME").pipe(Config.option),
  pathaoPassword: Config.Redacted("PATHAO_PASSWORD").pipe(Config.option),
  pathaoStoreId: Config.String("PATHAO_STORE_ID").pipe(Config.option),
  /** The secret Pathao's webhook integration sends (X-PATHAO-Signature). */
  pathaoWebhookSecret: Config.Redacted("PATHAO_WEBHOOK_SECRET").pipe(Config.option),
  /** A parcel nothing was heard of for this long is asked of its courier (the reconciling poll). */
  courierQuietMinutes: Config.Int("COURIER_QUIET_MINUTES").pipe(Config.withDefault(60))
})

export type CourierConfig = Config.Success<typeof CourierConfigDescriptor>
