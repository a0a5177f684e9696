/**
 * The settings of message delivery (issue 19), validated at start like every other: a malformed
 * URL or secret stops the process with a message naming the variable (and never its value).
 */
import { Config, ConfigProvider, Option, type Redacted, Schema } from "effect"
import { SSL_WIRELESS_DEFAULT_URL } from "../adapters/sms/ssl-wireless-sms-gateway.ts"
import { parseWebhookSecret } from "../adapters/webhook/standard-webhooks.ts"

const isUrlWith = (protocols: ReadonlyArray<string>) => (value: string): boolean => {
  try {
    const url = new URL(value)
    return protocols.includes(url.protocol) && url.hostname !== ""
  } catch {
    return false
  }
}

const SmtpUrl = Schema.RedactedFromValue(Schema.String.check(Schema.makeFilter(
  (value: string) => isUrlWith(["smtp:", "smtps:"])(value) || "expected smtp://[user:password@]host[:port] or smtps://…"
)))

const WebhookSecret = Schema.RedactedFromValue(Schema.String.check(Schema.makeFilter((value: string) => {
  const parsed = parseWebhookSecret(value)
  return "error" in parsed ? parsed.error : true
})))

const HttpUrl = Schema.String.check(Schema.makeFilter(
  (value: string) => isUrlWith(["http:", "https:"])(value) || "expected an http:// or https:// URL"
))

const UrlList = Schema.String.check(Schema.makeFilter((value: string) =>
  splitUrls(value).every(isUrlWith(["http:", "https:"])) || "expected http:// or https:// URLs separated by commas"
))

export const splitUrls = (value: string): ReadonlyArray<string> =>
  value.split(",").map((part) => part.trim()).filter((part) => part !== "")

const positiveInt = (name: string, fallback: number) =>
  Config.schema(Schema.Int.check(Schema.isGreaterThan(0)), name).pipe(Config.withDefault(fallback))

const DeliverySettings = Config.all({
  smtpUrl: Config.schema(SmtpUrl, "SMTP_URL").pipe(Config.option),
  mailFrom: Config.schema(Schema.NonEmptyString, "MAIL_FROM").pipe(Config.withDefault("Storefront <no-reply@localhost>")),
  sslWirelessApiToken: Config.Redacted("SSLWIRELESS_API_TOKEN").pipe(Config.option),
  sslWirelessSid: Config.schema(Schema.NonEmptyString, "SSLWIRELESS_SID").pipe(Config.option),
  sslWirelessUrl: Config.schema(HttpUrl, "SSLWIRELESS_URL").pipe(Config.withDefault(SSL_WIRELESS_DEFAULT_URL)),
  smsWebhookUrl: Config.schema(HttpUrl, "SMS_WEBHOOK_URL").pipe(Config.option),
  webhookSecret: Config.schema(WebhookSecret, "WEBHOOK_SECRET").pipe(Config.option),
  webhookUrls: Config.schema(UrlList, "WEBHOOK_URLS").pipe(Config.withDefault(""), Config.map(splitUrls)),
  /** Attempts before a message is a dead letter. */
  maxAttempts: positiveInt("DELIVERY_MAX_ATTEMPTS", 8),
  /** The first retry's delay; it doubles up to DELIVERY_RETRY_MAX_MS. */
  retryFirstMillis: positiveInt("DELIVERY_RETRY_FIRST_MS", 2_000),
  retryMaxMillis: positiveInt("DELIVERY_RETRY_MAX_MS", 600_000),
  /** The relays' fallback poll. */
  relayPollMillis: positiveInt("RELAY_POLL_MS", 1_000),
  /** How long a relay holds the rows it claimed. */
  relayLeaseMillis: positiveInt("RELAY_LEASE_MS", 60_000),
  /** How long one gateway call may take. */
  gatewayTimeoutMillis: positiveInt("GATEWAY_TIMEOUT_MS", 10_000)
})

export type DeliveryConfig = Config.Success<typeof DeliverySettings>

/** A setting another one needs, named; undefined when the settings hang together. */
export const missingSetting = (config: DeliveryConfig): string | undefined => {
  if (Option.isSome(config.sslWirelessApiToken) && Option.isNone(config.sslWirelessSid)) {
    return "SSLWIRELESS_SID: required with SSLWIRELESS_API_TOKEN"
  }
  if (Option.isNone(config.webhookSecret)) {
    if (Option.isSome(config.smsWebhookUrl)) return "WEBHOOK_SECRET: required with SMS_WEBHOOK_URL"
    if (config.webhookUrls.length > 0) return "WEBHOOK_SECRET: required with WEBHOOK_URLS"
  }
  return undefined
}

export const DeliveryConfigDescriptor = Config.flatMap(DeliverySettings, (config) => {
  const missing = missingSetting(config)
  return missing === undefined ? Config.succeed(config) : Config.fail(new ConfigProvider.SourceError({ message: missing }))
})

export type SmsSetting =
  | { readonly _tag: "SslWireless"; readonly baseUrl: string; readonly apiToken: Redacted.Redacted<string>; readonly sid: string }
  | { readonly _tag: "Webhook"; readonly url: string }

/** The SMS gateway configured, or the setting that is missing for one (named in the error). */
export const smsSetting = (config: DeliveryConfig): Option.Option<SmsSetting> | { readonly error: string } => {
  if (Option.isSome(config.sslWirelessApiToken)) {
    if (Option.isNone(config.sslWirelessSid)) return { error: "SSLWIRELESS_SID: required with SSLWIRELESS_API_TOKEN" }
    return Option.some({
      _tag: "SslWireless",
      baseUrl: config.sslWirelessUrl,
      apiToken: config.sslWirelessApiToken.value,
      sid: config.sslWirelessSid.value
    })
  }
  if (Option.isSome(config.smsWebhookUrl)) {
    if (Option.isNone(config.webhookSecret)) return { error: "WEBHOOK_SECRET: required with SMS_WEBHOOK_URL" }
    return Option.some({ _tag: "Webhook", url: config.smsWebhookUrl.value })
  }
  return Option.none()
}
