/**
 * What the bKash and SSLCommerz adapters share: JSON from a gateway over HTTP within a time
 * limit, decoded by a schema; whatever goes wrong (unreachable, slow, a status or body we cannot
 * use) is the port's GatewayUnavailable, naming the provider and the step, never a credential.
 * Amounts cross the wire as decimal strings in major units ("1250.50").
 */
import { Duration, Effect, Schema } from "effect"
import { type HttpClient, type HttpClientRequest } from "effect/http"
import { GatewayUnavailable } from "../../application/payments/payment-gateway.ts"
import { type MinorUnits, toMinor } from "../../domain/shared/money.ts"

/**
 * The text fields of a gateway's answer, by name: each may be missing (a gateway leaves out what
 * does not apply; the adapter decides what it cannot do without).
 */
export const optionalTexts = <const Names extends ReadonlyArray<string>>(...names: Names) =>
  Object.fromEntries(names.map((name) => [name, Schema.optionalKey(Schema.String)])) as {
    readonly [Name in Names[number]]: Schema.optionalKey<Schema.String>
  }

/** JSON of `request` decoded by `schema`, within `timeout`. */
export const gatewayJson = <S extends Schema.Top & { readonly DecodingServices: never }>(
  client: HttpClient.HttpClient,
  provider: string,
  step: string,
  request: HttpClientRequest.HttpClientRequest,
  schema: S,
  timeout: Duration.Input
): Effect.Effect<S["Type"], GatewayUnavailable> =>
  client.execute(request).pipe(
    Effect.flatMap((response): Effect.Effect<unknown, unknown> =>
      response.status >= 200 && response.status < 300
        ? response.json
        : Effect.fail(new GatewayUnavailable({ provider, reason: `${step}: HTTP ${response.status}`, httpStatus: response.status }))
    ),
    Effect.flatMap((json) => Schema.decodeUnknownEffect(schema)(json)),
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () => Effect.fail(new GatewayUnavailable({ provider, reason: `${step}: no answer within ${Duration.format(Duration.fromInputUnsafe(timeout))}` }))
    }),
    Effect.mapError((error: unknown) =>
      error instanceof GatewayUnavailable ? error : new GatewayUnavailable({
        provider,
        reason: `${step}: ${typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "failed"}`
      })
    )
  ) as Effect.Effect<S["Type"], GatewayUnavailable>

/** "1250.50" → 125050; anything else is not an amount. */
export const minorFromDecimal = (text: string): MinorUnits | null =>
  /^\d{1,12}(\.\d{1,2})?$/.test(text.trim()) ? toMinor(Number(text.trim())) : null

/** 125050 → "1250.50". */
export const decimalFromMinor = (minor: MinorUnits): string => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`
