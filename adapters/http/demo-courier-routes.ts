/**
 * The demo courier's page (embedded demo only; adapters/couriers/demo-courier.ts):
 * `GET /demo-courier/{trackingNumber}` shows the parcel, its history, and a button for each
 * status it may move to; `POST /demo-courier/{trackingNumber}` with the form field
 * `status=picked_up|in_transit|…` moves it at the demo courier, then tells the service as the
 * courier's event would (FulfilmentService.report, the same use case the Steadfast and Pathao
 * webhooks reach), and answers 303 back to the page.
 */
import { randomUUID } from "node:crypto"
import { Effect, Layer, Option, Schema } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { DemoCourier, type DemoParcel } from "../couriers/demo-courier.ts"
import { FulfilmentService } from "../../application/fulfilment/fulfilment-service.ts"
import { movesForward, TRACKING_STATUSES, TrackingStatus } from "../../domain/order/tracking.ts"
import { callbackFields } from "./payment-callback-routes.ts"
import { BadRequest, NotFound, problemResponse, ServiceUnavailable, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "./problems/generic-problems.ts"

export const DEMO_COURIER_ROUTES = [
  ["GET", "/demo-courier/:trackingNumber"],
  ["POST", "/demo-courier/:trackingNumber"]
] as const

const decodeStatus = Schema.decodeUnknownOption(TrackingStatus)

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c] ?? c)

const label = (status: string) => status.replace(/_/g, " ")

const page = (parcel: DemoParcel) => {
  const number = escapeHtml(parcel.trackingNumber)
  const history = parcel.history.map((step) => `<li>${escapeHtml(label(step.status))} <time>${step.at.toISOString()}</time></li>`).join("")
  const next = TRACKING_STATUSES.filter((status) => status !== "booked" && movesForward(parcel.status, status))
  const buttons = next.map((status) => `<button name="status" value="${status}" id="to-${status}">${escapeHtml(label(status))}</button>`).join("\n")
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo courier ${number}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.5rem 1rem;margin:.25rem}</style></head>
<body><h1>Demo courier</h1>
<p>Parcel <strong id="tracking-number">${number}</strong> for order ${escapeHtml(parcel.orderNumber)}, to ${escapeHtml(parcel.recipientName)};
cash to collect: ${(parcel.amountToCollect / 100).toFixed(2)} BDT.</p>
<p>Status: <strong id="status">${escapeHtml(label(parcel.status))}</strong></p>
<ol id="history">${history}</ol>
${next.length === 0 ? "<p>The parcel's journey has ended.</p>" : `<form method="post" action="/demo-courier/${encodeURIComponent(parcel.trackingNumber)}">\n${buttons}\n</form>`}
</body></html>`
}

export const layer = Layer.unwrap(Effect.gen(function*() {
  const demo = yield* DemoCourier
  const fulfilment = yield* FulfilmentService
  const parcelOf = Effect.map(HttpRouter.params, (params) => {
    const trackingNumber = params["trackingNumber"] ?? ""
    return demo.parcel(trackingNumber)
  })
  return Layer.mergeAll(
    HttpRouter.add("GET", "/demo-courier/:trackingNumber", Effect.gen(function*() {
      const parcel = yield* parcelOf
      if (parcel === undefined) return problemResponse(NotFound, { detail: "No such demo parcel" })
      return HttpServerResponse.text(page(parcel), {
        contentType: "text/html; charset=utf-8",
        headers: {
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
        }
      })
    })),
    HttpRouter.add("POST", "/demo-courier/:trackingNumber", Effect.gen(function*() {
      const parcel = yield* parcelOf
      if (parcel === undefined) return problemResponse(NotFound, { detail: "No such demo parcel" })
      const status = decodeStatus((yield* callbackFields)["status"])
      if (Option.isNone(status)) {
        return problemResponse(BadRequest, {
          detail: "Expected the form field status, one of the tracking statuses",
          extensions: { errors: [{ path: "status", message: `Expected one of ${TRACKING_STATUSES.join(", ")}` }] }
        })
      }
      if (yield* demo.move(parcel.trackingNumber, status.value)) {
        // the courier's event: the parcel's whole amount is collected on a delivery
        const collected = status.value === "delivered" ? parcel.amountToCollect : null
        const told = yield* fulfilment.report("demo", parcel.trackingNumber, { status: status.value, collected }, randomUUID()).pipe(
          Effect.as(true),
          Effect.catchTag("StoreUnavailable", () => Effect.succeed(false))
        )
        if (!told) {
          return problemResponse(ServiceUnavailable, { headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) } })
        }
      }
      return HttpServerResponse.empty({
        status: 303,
        headers: { location: `/demo-courier/${encodeURIComponent(parcel.trackingNumber)}`, "cache-control": "no-store" }
      })
    }))
  )
}))
