/**
 * A local simulator of Pathao's merchant ("Aladdin") API (docs/fulfilment.md cites the calls) on
 * 127.0.0.1 and a free port, under `/aladdin/api/v1`: `issue-token` (password grant checking the
 * client and the merchant's credentials; refresh grant), `city-list`, `cities/{id}/zone-list`,
 * `orders` and `orders/{consignment_id}/info`, each needing a live bearer token. Faults the tests
 * set: every token expired at once (`expireTokens`), down (503) for the next N calls. `event`
 * builds the webhook events Pathao POSTs with `X-PATHAO-Signature`.
 */
import { randomBytes } from "node:crypto"
import type { ServerResponse } from "node:http"
import { readBody, startLocalHttpServer } from "./local-http-server.ts"

export const PATHAO_CREDENTIALS = {
  clientId: "pathao-client", clientSecret: "pathao-client-secret", username: "merchant@example.com", password: "merchant-password",
  storeId: "148", webhookSecret: "pathao-webhook-secret"
}

export interface PathaoParcel {
  readonly consignmentId: string
  readonly body: Record<string, unknown>
  status: string
}

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const CITIES = [{ city_id: 1, city_name: "Dhaka" }, { city_id: 2, city_name: "Chittagong" }]
const ZONES: Record<number, Array<{ zone_id: number; zone_name: string }>> = {
  1: [{ zone_id: 52, zone_name: "Gulshan" }, { zone_id: 53, zone_name: "Dhanmondi" }],
  2: [{ zone_id: 201, zone_name: "Agrabad" }]
}

export const startPathaoSimulator = async () => {
  const parcels = new Map<string, PathaoParcel>()
  const tokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const faults = { down: 0 }
  const counts = { passwordGrants: 0, refreshGrants: 0, cityLists: 0 }
  const issue = (response: ServerResponse) => {
    const access = randomBytes(12).toString("hex")
    const refresh = randomBytes(12).toString("hex")
    tokens.add(access)
    refreshTokens.add(refresh)
    json(response, { token_type: "Bearer", expires_in: 432000, access_token: access, refresh_token: refresh })
  }
  const server = await startLocalHttpServer(async (request, response) => {
    const text = await readBody(request)
    if (faults.down > 0) {
      faults.down--
      return json(response, { message: "Service Unavailable" }, 503)
    }
    const url = new URL(request.url ?? "/", "http://pathao.invalid")
    const path = url.pathname.replace(/^\/aladdin\/api\/v1/, "")
    if (request.method === "POST" && path === "/issue-token") {
      const body = JSON.parse(text) as Record<string, string>
      if (body["client_id"] !== PATHAO_CREDENTIALS.clientId || body["client_secret"] !== PATHAO_CREDENTIALS.clientSecret) {
        return json(response, { message: "Client authentication failed", type: "error", code: 401 }, 401)
      }
      if (body["grant_type"] === "password") {
        if (body["username"] !== PATHAO_CREDENTIALS.username || body["password"] !== PATHAO_CREDENTIALS.password) {
          return json(response, { message: "The user credentials were incorrect.", type: "error", code: 400 }, 400)
        }
        counts.passwordGrants++
        return issue(response)
      }
      if (body["grant_type"] === "refresh_token" && refreshTokens.delete(body["refresh_token"] ?? "")) {
        counts.refreshGrants++
        return issue(response)
      }
      return json(response, { message: "The refresh token is invalid.", type: "error", code: 400 }, 400)
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers["authorization"] ?? "")?.[1]
    if (bearer === undefined || !tokens.has(bearer)) return json(response, { message: "Unauthenticated.", type: "error", code: 401 }, 401)
    if (request.method === "GET" && path === "/city-list") {
      counts.cityLists++
      return json(response, { message: "City successfully fetched.", type: "success", code: 200, data: { data: CITIES } })
    }
    const zoneList = /^\/cities\/(\d+)\/zone-list$/.exec(path)
    if (request.method === "GET" && zoneList !== null) {
      return json(response, { message: "Zone list fetched.", type: "success", code: 200, data: { data: ZONES[Number(zoneList[1])] ?? [] } })
    }
    if (request.method === "POST" && path === "/orders") {
      const body = JSON.parse(text) as Record<string, unknown>
      if (!/^01\d{9}$/.test(String(body["recipient_phone"] ?? ""))) {
        return json(response, { message: "Please fix the given errors", type: "error", code: 422, errors: { recipient_phone: ["invalid"] } }, 422)
      }
      const consignmentId = `DL${randomBytes(5).toString("hex").toUpperCase()}`
      parcels.set(consignmentId, { consignmentId, body, status: "Pending" })
      return json(response, {
        message: "Order Created Successfully", type: "success", code: 200,
        data: { consignment_id: consignmentId, merchant_order_id: String(body["merchant_order_id"]), order_status: "Pending", delivery_fee: 80 }
      })
    }
    const info = /^\/orders\/([^/]+)\/info$/.exec(path)
    if (request.method === "GET" && info !== null) {
      const parcel = parcels.get(decodeURIComponent(info[1] ?? ""))
      if (parcel === undefined) return json(response, { message: "Order not found", type: "error", code: 404 }, 404)
      return json(response, {
        message: "Order info", type: "success", code: 200,
        data: { consignment_id: parcel.consignmentId, merchant_order_id: parcel.body["merchant_order_id"], order_status: parcel.status }
      })
    }
    return json(response, { message: "Not found" }, 404)
  })
  const byOrder = (orderNumber: string) => [...parcels.values()].filter((parcel) => String(parcel.body["merchant_order_id"]) === orderNumber)
  /** A webhook event of the parcel, as Pathao sends it. */
  const event = (parcel: PathaoParcel, name: string, extra: Record<string, unknown> = {}) => ({
    consignment_id: parcel.consignmentId,
    merchant_order_id: String(parcel.body["merchant_order_id"]),
    event: name,
    updated_at: new Date().toISOString(),
    timestamp: new Date().toISOString(),
    store_id: Number(PATHAO_CREDENTIALS.storeId),
    ...extra
  })
  return {
    ...server,
    parcels,
    byOrder,
    faults,
    counts,
    event,
    expireTokens: () => tokens.clear()
  }
}
