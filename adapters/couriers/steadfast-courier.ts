/**
 * Steadfast (Packzy) merchant API v1 as a Courier (docs/fulfilment.md "Steadfast" cites each
 * call): every request carries the `Api-Key` and `Secret-Key` headers; `POST create_order` with
 * the order number as `invoice` (unique at Steadfast) books a parcel and answers its
 * `consignment_id` and `tracking_code`; `GET status_by_invoice/{invoice}` answers its
 * `delivery_status`. A booking whose invoice Steadfast already holds (a retry after a lost
 * answer) is that parcel: it is confirmed by status_by_invoice, and tracked by its invoice until a
 * notification names its consignment. Steadfast's API has no call to cancel a consignment.
 */
import { Effect, Redacted, Schema } from "effect"
import { type HttpClient, HttpClientRequest } from "effect/http"
import type { Courier } from "../../application/fulfilment/courier.ts"
import { DeliveryFailed } from "../../application/notifications/delivery-failed.ts"
import type { TrackingStatus } from "../../domain/order/tracking.ts"
import { addressLine, courierResponse, decodeAnswer, localMobileNumber } from "./courier-http.ts"

export interface SteadfastSettings {
  /** The API's base, `/api/v1` included (STEADFAST_BASE_URL). */
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted
  readonly secretKey: Redacted.Redacted
  readonly timeoutMillis?: number
}

/** Steadfast's public tracking page of a consignment's tracking code. */
export const STEADFAST_TRACKING_PAGE = "https://steadfast.com.bd/t/"

const Consignment = Schema.Struct({
  consignment: Schema.Struct({
    consignment_id: Schema.Union([Schema.Number, Schema.String]),
    tracking_code: Schema.String
  })
})
const DeliveryStatus = Schema.Struct({ delivery_status: Schema.String })

/**
 * Steadfast's delivery statuses as tracking statuses; `null`: nothing to move (unknown ones).
 * Its statuses do not tell a pickup apart: `pending` ("not delivered or cancelled yet") means the
 * parcel is with Steadfast, on its way.
 */
export const steadfastStatus = (status: string): TrackingStatus | null => {
  switch (status.trim().toLowerCase()) {
    case "in_review":
      return "booked"
    case "pending":
      return "in_transit"
    case "hold":
      return "on_hold"
    case "delivered":
    case "delivered_approval_pending":
      return "delivered"
    case "partial_delivered":
    case "partial_delivered_approval_pending":
      return "partially_delivered"
    case "cancelled":
    case "cancelled_approval_pending":
      return "cancelled"
    default:
      return null
  }
}

/** An answer refusing a second parcel for an invoice Steadfast holds (its wording: the material is silent). */
const isDuplicateInvoice = (answer: { readonly status: number; readonly text: string }) =>
  answer.status >= 400 && answer.status < 500 && /invoice/i.test(answer.text) && /(taken|exist|unique|duplicate)/i.test(answer.text)

export const makeSteadfastCourier = (settings: SteadfastSettings, client: HttpClient.HttpClient): Courier => {
  const timeout = settings.timeoutMillis ?? 15_000
  const call = (step: string, request: HttpClientRequest.HttpClientRequest) =>
    courierResponse(
      client,
      "steadfast",
      step,
      request.pipe(
        HttpClientRequest.setHeaders({
          "Api-Key": Redacted.value(settings.apiKey),
          "Secret-Key": Redacted.value(settings.secretKey),
          accept: "application/json"
        })
      ),
      timeout
    )
  const statusByInvoice = (invoice: string) =>
    Effect.flatMap(
      call("status_by_invoice", HttpClientRequest.get(`${settings.baseUrl}/status_by_invoice/${encodeURIComponent(invoice)}`)),
      (answer) => decodeAnswer("steadfast", "status_by_invoice", DeliveryStatus, answer)
    )
  return {
    name: "steadfast",
    displayName: "Steadfast",
    trackingUrl: (booking) => `${STEADFAST_TRACKING_PAGE}${encodeURIComponent(booking.trackingNumber)}`,
    book: (parcel) =>
      Effect.gen(function*() {
        const phone = localMobileNumber(parcel.recipientPhone)
        if (phone === null) {
          return yield* new DeliveryFailed({ permanent: true, reason: "steadfast create_order: the recipient's phone is not an 11-digit mobile number" })
        }
        const body = {
          invoice: parcel.orderNumber,
          recipient_name: parcel.recipientName.slice(0, 100),
          recipient_phone: phone,
          recipient_address: addressLine(parcel.address, 250),
          cod_amount: parcel.amountToCollect / 100,
          note: parcel.note.slice(0, 500),
          item_description: parcel.description.slice(0, 500),
          total_lot: parcel.itemCount,
          delivery_type: 0
        }
        const answer = yield* call("create_order", HttpClientRequest.bodyJsonUnsafe(HttpClientRequest.post(`${settings.baseUrl}/create_order`), body))
        if (isDuplicateInvoice(answer)) {
          // the parcel exists already: ours, from an attempt whose answer was lost
          yield* statusByInvoice(parcel.orderNumber)
          return { consignmentId: "", trackingNumber: parcel.orderNumber }
        }
        const created = yield* decodeAnswer("steadfast", "create_order", Consignment, answer)
        return { consignmentId: String(created.consignment.consignment_id), trackingNumber: created.consignment.tracking_code }
      }),
    status: (shipment) =>
      Effect.map(statusByInvoice(shipment.orderNumber), (answer) => {
        const status = steadfastStatus(answer.delivery_status)
        return status === null ? null : { status, collected: null }
      }),
    cancel: () => Effect.succeed(false)
  }
}
