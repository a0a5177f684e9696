/**
 * `POST /couriers/pathao/webhook`: Pathao's webhook (docs/fulfilment.md cites its form). The
 * caller is verified by `X-PATHAO-Signature` equal to PATHAO_WEBHOOK_SECRET, as Pathao's own
 * WooCommerce plugin checks it (else 401, nothing changes). The integration handshake
 * `{"event": "webhook_integration"}` and every event are answered 202 with the header
 * `X-Pathao-Merchant-Webhook-Integration-Secret` and the value Pathao's integration requires.
 * `order.*` events move the parcel (`collected_amount` on a delivery is the cash collected); the
 * parcel is found by `consignment_id`, else `merchant_order_id`; unknown ones and duplicates are
 * answered and change nothing.
 */
import { Effect, Option, Redacted, Schema } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import type { FulfilmentService } from "../../../application/fulfilment/fulfilment-service.ts"
import { toMinor } from "../../../domain/shared/money.ts"
import { pathaoStatus } from "../../couriers/pathao-courier.ts"
import { BadRequest, problemResponse } from "../problems/generic-problems.ts"
import { type CourierWebhookSecrets, jsonObjectBody, sameSecret, storeUnavailable, unauthorized } from "./webhook-request.ts"

export const PATHAO_INTEGRATION_HEADER = "X-Pathao-Merchant-Webhook-Integration-Secret"
/** The value Pathao's webhook integration checks for (its plugin and its integration checklist). */
export const PATHAO_INTEGRATION_VALUE = "f3992ecc-59da-4cbe-a049-a13da2018d51"

const Text = Schema.String.check(Schema.isMaxLength(200))
const Amount = Schema.Union([Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1e9 })), Schema.String.check(Schema.isMaxLength(20))])

const Event = Schema.Struct({
  event: Text,
  consignment_id: Schema.optionalKey(Schema.Union([Text, Schema.Int])),
  merchant_order_id: Schema.optionalKey(Schema.NullOr(Schema.Union([Text, Schema.Int]))),
  collected_amount: Schema.optionalKey(Schema.NullOr(Amount)),
  updated_at: Schema.optionalKey(Schema.NullOr(Text)),
  timestamp: Schema.optionalKey(Schema.NullOr(Text))
})
const decodeEvent = Schema.decodeUnknownOption(Event)

const accepted = (message: string) =>
  HttpServerResponse.jsonUnsafe({ status: 202, message, data: null }, { status: 202, headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_VALUE } })

const collectedOf = (amount: number | string | null | undefined) => {
  const major = typeof amount === "string" ? Number(amount) : amount
  return major === undefined || major === null || !Number.isFinite(major) || major < 0 ? null : toMinor(major)
}

export const pathaoWebhook = (fulfilment: FulfilmentService["Service"], secrets: CourierWebhookSecrets["Service"]) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (Option.isNone(secrets.pathaoSecret) || !sameSecret(request.headers["x-pathao-signature"], Redacted.value(secrets.pathaoSecret.value))) {
      return unauthorized("Expected X-PATHAO-Signature with the webhook secret set in Pathao's merchant panel")
    }
    const read = yield* jsonObjectBody
    if (read._tag === "Refused") return read.response
    const decoded = decodeEvent(read.body)
    if (Option.isNone(decoded)) return problemResponse(BadRequest, { detail: "Expected a Pathao webhook event (event, consignment_id, …)" })
    const event = decoded.value
    if (event.event === "webhook_integration") return accepted("Successfully accepted webhook_integration")
    const reference = event.consignment_id !== undefined
      ? String(event.consignment_id)
      : event.merchant_order_id === undefined || event.merchant_order_id === null ? "" : String(event.merchant_order_id)
    const status = pathaoStatus(event.event)
    if (reference === "" || status === null) return accepted("Event received")
    const delivered = status === "delivered" || status === "partially_delivered"
    const key = JSON.stringify([event.event, reference, event.updated_at ?? event.timestamp ?? null, event.collected_amount ?? null])
    return yield* fulfilment.report("pathao", reference, { status, collected: delivered ? collectedOf(event.collected_amount) : null }, key).pipe(
      Effect.as(accepted("Event received")),
      Effect.catchTag("StoreUnavailable", () => Effect.succeed(storeUnavailable()))
    )
  })
