/**
 * Pathao's merchant ("Aladdin") API as a Courier (docs/fulfilment.md "Pathao" cites each call),
 * under PATHAO_BASE_URL + `/aladdin/api/v1`: an access token from `issue-token` (OAuth2 password
 * grant with the client id and secret, renewed by its refresh token, and granted again when the
 * refresh is refused; a 401 on a call renews it once); `orders` books a parcel with the order
 * number as `merchant_order_id`, the city and zone placed on Pathao's lists (pathao-locations.ts),
 * the weight in kilograms (0.5 at least) and the cash to collect; `orders/{consignment_id}/info`
 * answers its status. Pathao's public API has no call to cancel an order.
 */
import { Effect, Redacted, Ref, Schema } from "effect"
import { type HttpClient, HttpClientRequest } from "effect/http"
import { ADDRESS_UNPLACED, type Courier } from "../../application/fulfilment/courier.ts"
import { DeliveryFailed } from "../../application/notifications/delivery-failed.ts"
import type { TrackingStatus } from "../../domain/order/tracking.ts"
import { addressLine, courierResponse, decodeAnswer, localMobileNumber } from "./courier-http.ts"
import { makePathaoLocations, PathaoCityList, PathaoZoneList } from "./pathao-locations.ts"

export interface PathaoSettings {
  /** The origin (PATHAO_BASE_URL); the API is under /aladdin/api/v1. */
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted
  readonly username: string
  readonly password: Redacted.Redacted
  readonly storeId: string
  readonly timeoutMillis?: number
}

/** Pathao's public tracking page of a consignment. */
export const PATHAO_TRACKING_PAGE = "https://merchant.pathao.com/tracking?consignment_id="

const Token = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.optionalKey(Schema.String), expires_in: Schema.Number })
const Created = Schema.Struct({ data: Schema.Struct({ consignment_id: Schema.String, merchant_order_id: Schema.optionalKey(Schema.NullOr(Schema.String)) }) })
const Info = Schema.Struct({ data: Schema.Struct({ order_status: Schema.String }) })

/** Pathao's order statuses and event names (`order.picked`, `Picked`, `In_Transit` …) as tracking statuses; `null`: no move. */
export const pathaoStatus = (status: string): TrackingStatus | null => {
  const slug = status.trim().toLowerCase().replace(/^order\./, "").replace(/[_\s]+/g, "-")
  switch (slug) {
    case "created":
    case "pending":
    case "pickup-requested":
    case "assigned-for-pickup":
      return "booked"
    case "picked":
      return "picked_up"
    case "at-the-sorting-hub":
    case "in-transit":
    case "received-at-last-mile-hub":
      return "in_transit"
    case "assigned-for-delivery":
      return "out_for_delivery"
    case "on-hold":
    case "hold":
      return "on_hold"
    case "delivered":
      return "delivered"
    case "partial-delivery":
    case "partial-delivered":
      return "partially_delivered"
    case "returned":
    case "return":
    case "paid-return":
      return "returned"
    case "pickup-cancelled":
    case "cancelled":
      return "cancelled"
    default:
      return null
  }
}

interface HeldToken {
  readonly access: string
  readonly refresh: string | undefined
  readonly expiresAt: number
}

export const makePathaoCourier = (settings: PathaoSettings, client: HttpClient.HttpClient) =>
  Effect.gen(function*() {
    const api = `${settings.baseUrl}/aladdin/api/v1`
    const timeout = settings.timeoutMillis ?? 15_000
    const held = yield* Ref.make<HeldToken | null>(null)
    const send = (step: string, request: HttpClientRequest.HttpClientRequest) =>
      courierResponse(client, "pathao", step, HttpClientRequest.setHeader(request, "accept", "application/json"), timeout)

    const grant = (body: Record<string, string>) =>
      Effect.gen(function*() {
        const answer = yield* send("issue-token", HttpClientRequest.bodyJsonUnsafe(HttpClientRequest.post(`${api}/issue-token`), {
          client_id: settings.clientId,
          client_secret: Redacted.value(settings.clientSecret),
          ...body
        }))
        const token = yield* decodeAnswer("pathao", "issue-token", Token, answer)
        const next: HeldToken = { access: token.access_token, refresh: token.refresh_token, expiresAt: Date.now() + (token.expires_in - 60) * 1000 }
        yield* Ref.set(held, next)
        return next.access
      })
    const passwordGrant = grant({ grant_type: "password", username: settings.username, password: Redacted.value(settings.password) })
    /** A fresh token: by the refresh token when there is one, else (or when refused) by password. */
    const renew = Effect.flatMap(Ref.get(held), (current) =>
      current?.refresh === undefined
        ? passwordGrant
        : grant({ grant_type: "refresh_token", refresh_token: current.refresh }).pipe(Effect.catchTag("DeliveryFailed", () => passwordGrant)))
    const accessToken = Effect.flatMap(Ref.get(held), (current) =>
      current !== null && current.expiresAt > Date.now() ? Effect.succeed(current.access) : renew)
    /** A call with the token; a 401 renews it once. */
    const call = (step: string, request: HttpClientRequest.HttpClientRequest) =>
      Effect.gen(function*() {
        const first = yield* send(step, HttpClientRequest.bearerToken(request, yield* accessToken))
        if (first.status !== 401) return first
        return yield* send(step, HttpClientRequest.bearerToken(request, yield* renew))
      })
    const locations = makePathaoLocations({
      cities: Effect.flatMap(call("city-list", HttpClientRequest.get(`${api}/city-list`)), (answer) => decodeAnswer("pathao", "city-list", PathaoCityList, answer)),
      zones: (cityId) =>
        Effect.flatMap(call("zone-list", HttpClientRequest.get(`${api}/cities/${cityId}/zone-list`)), (answer) =>
          decodeAnswer("pathao", "zone-list", PathaoZoneList, answer))
    })

    const courier: Courier = {
      name: "pathao",
      displayName: "Pathao",
      trackingUrl: (booking) => `${PATHAO_TRACKING_PAGE}${encodeURIComponent(booking.consignmentId)}`,
      book: (parcel) =>
        Effect.gen(function*() {
          const phone = localMobileNumber(parcel.recipientPhone)
          if (phone === null) {
            return yield* new DeliveryFailed({ permanent: true, reason: "pathao orders: the recipient's phone is not an 11-digit mobile number" })
          }
          const placement = yield* locations.place(parcel.address)
          if (placement === null) return yield* new DeliveryFailed({ permanent: true, reason: `pathao orders: ${ADDRESS_UNPLACED}` })
          const answer = yield* call("orders", HttpClientRequest.bodyJsonUnsafe(HttpClientRequest.post(`${api}/orders`), {
            store_id: Number(settings.storeId),
            merchant_order_id: parcel.orderNumber,
            recipient_name: parcel.recipientName.slice(0, 100),
            recipient_phone: phone,
            recipient_address: addressLine(parcel.address, 220),
            recipient_city: placement.cityId,
            recipient_zone: placement.zoneId,
            delivery_type: 48,
            item_type: 2,
            special_instruction: parcel.note.slice(0, 250),
            item_quantity: parcel.itemCount,
            item_weight: Math.max(0.5, Math.round(parcel.weightGrams / 100) / 10),
            amount_to_collect: Math.ceil(parcel.amountToCollect / 100),
            item_description: parcel.description.slice(0, 250)
          }))
          const created = yield* decodeAnswer("pathao", "orders", Created, answer)
          return { consignmentId: created.data.consignment_id, trackingNumber: created.data.consignment_id }
        }),
      status: (shipment) =>
        Effect.gen(function*() {
          const answer = yield* call("orders info", HttpClientRequest.get(`${api}/orders/${encodeURIComponent(shipment.consignmentId)}/info`))
          const info = yield* decodeAnswer("pathao", "orders info", Info, answer)
          const status = pathaoStatus(info.data.order_status)
          return status === null ? null : { status, collected: null }
        }),
      cancel: () => Effect.succeed(false)
    }
    return courier
  })
