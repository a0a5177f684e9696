/**
 * `POST /couriers/steadfast/webhook`: Steadfast's notifications (docs/fulfilment.md cites their
 * form). The caller is verified by `Authorization: Bearer <STEADFAST_WEBHOOK_TOKEN>` (else 401,
 * nothing changes). `delivery_status` moves the parcel (its `cod_amount` on a delivery is the cash
 * collected); `tracking_update` only counts as heard; other notification types are answered and
 * ignored. The parcel is found by `invoice` (our order number), else `consignment_id`; an unknown
 * one is answered 200 and ignored, as are duplicates (an event is keyed by what it says).
 */
import { Effect, Option, Redacted, Schema } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import type { FulfilmentService } from "../../../application/fulfilment/fulfilment-service.ts"
import type { TrackingReport } from "../../../domain/order/tracking.ts"
import { toMinor } from "../../../domain/shared/money.ts"
import { steadfastStatus } from "../../couriers/steadfast-courier.ts"
import { BadRequest, problemResponse } from "../problems/generic-problems.ts"
import { type CourierWebhookSecrets, jsonObjectBody, sameSecret, storeUnavailable, unauthorized } from "./webhook-request.ts"

const Text = Schema.String.check(Schema.isMaxLength(1_000))
const Identifier = Schema.Union([Schema.Int, Schema.String.check(Schema.isMaxLength(100))])

const Notification = Schema.Struct({
  notification_type: Text,
  consignment_id: Schema.optionalKey(Identifier),
  invoice: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  status: Schema.optionalKey(Text),
  cod_amount: Schema.optionalKey(Schema.Union([Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1e9 })), Schema.String.check(Schema.isMaxLength(20))])),
  tracking_message: Schema.optionalKey(Text),
  updated_at: Schema.optionalKey(Text)
})
const decodeNotification = Schema.decodeUnknownOption(Notification)

const received = () => HttpServerResponse.jsonUnsafe({ status: "success", message: "Webhook received successfully." })

const collectedOf = (amount: number | string | undefined) => {
  const major = typeof amount === "string" ? Number(amount) : amount
  return major === undefined || !Number.isFinite(major) || major < 0 ? null : toMinor(major)
}

export const steadfastWebhook = (fulfilment: FulfilmentService["Service"], secrets: CourierWebhookSecrets["Service"]) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const authorization = request.headers["authorization"] ?? ""
    const token = /^Bearer (.+)$/i.exec(authorization)?.[1]
    if (Option.isNone(secrets.steadfastToken) || !sameSecret(token, Redacted.value(secrets.steadfastToken.value))) {
      return unauthorized("Expected Authorization: Bearer with the webhook token set in Steadfast's panel")
    }
    const read = yield* jsonObjectBody
    if (read._tag === "Refused") return read.response
    const notification = decodeNotification(read.body)
    if (Option.isNone(notification)) {
      return problemResponse(BadRequest, { detail: "Expected a Steadfast notification (notification_type, consignment_id, invoice, …)" })
    }
    const event = notification.value
    const reference = event.invoice ?? (event.consignment_id === undefined ? "" : String(event.consignment_id))
    if (reference === "") return problemResponse(BadRequest, { detail: "Expected the notification's invoice or consignment_id" })
    let report: TrackingReport
    if (event.notification_type === "delivery_status") {
      const status = steadfastStatus(event.status ?? "")
      report = status === null
        ? { status: "booked", collected: null }
        : { status, collected: status === "delivered" || status === "partially_delivered" ? collectedOf(event.cod_amount) : null }
    } else if (event.notification_type === "tracking_update") {
      // a message only: the parcel was heard of
      report = { status: "booked", collected: null }
    } else {
      return received()
    }
    const key = JSON.stringify([
      event.notification_type, event.consignment_id ?? null, event.invoice ?? null, event.status ?? null,
      event.cod_amount ?? null, event.tracking_message ?? null, event.updated_at ?? null
    ])
    return yield* fulfilment.report("steadfast", reference, report, key).pipe(
      Effect.as(received()),
      Effect.catchTag("StoreUnavailable", () => Effect.succeed(storeUnavailable()))
    )
  })
