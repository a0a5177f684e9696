/**
 * A local simulator of Steadfast's merchant API v1 (docs/fulfilment.md cites the calls), on
 * 127.0.0.1 and a free port, under `/api/v1`: `create_order` (the Api-Key and Secret-Key headers
 * checked; the invoice unique: a second one is refused as taken), `status_by_invoice/{invoice}`,
 * and the notifications Steadfast POSTs to a merchant's callback with its bearer token. Faults the
 * tests set: down (503) for the next N calls; the next bookings' answers lost (the parcel is made,
 * the connection dropped). The bench holds every call (`hold`) until `release`, to queue bookings.
 */
import type { ServerResponse } from "node:http"
import { readBody, startLocalHttpServer } from "./local-http-server.ts"

export const STEADFAST_CREDENTIALS = { apiKey: "sf-api-key", secretKey: "sf-secret-key", webhookToken: "sf-webhook-token" }

export interface SteadfastParcel {
  readonly consignmentId: number
  readonly invoice: string
  readonly trackingCode: string
  readonly body: Record<string, unknown>
  /** when it was made (epoch ms) */
  readonly createdAt: number
  status: string
}

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

export const startSteadfastSimulator = async () => {
  const parcels = new Map<string, SteadfastParcel>()
  const faults = { down: 0, loseAnswers: 0 }
  let nextId = 1_424_107
  let createCalls = 0
  let held: { readonly until: Promise<void>; readonly release: () => void } | null = null
  const hold = () => {
    if (held !== null) return
    let release = () => {}
    const until = new Promise<void>((resolve) => (release = resolve))
    held = { until, release }
  }
  const release = () => {
    held?.release()
    held = null
  }
  const server = await startLocalHttpServer(async (request, response) => {
    const body = await readBody(request)
    if (held !== null) await held.until
    if (request.headers["api-key"] !== STEADFAST_CREDENTIALS.apiKey || request.headers["secret-key"] !== STEADFAST_CREDENTIALS.secretKey) {
      return json(response, { status: 401, message: "Unauthorized" }, 401)
    }
    if (faults.down > 0) {
      faults.down--
      return json(response, { message: "Service Unavailable" }, 503)
    }
    const url = new URL(request.url ?? "/", "http://steadfast.invalid")
    if (request.method === "POST" && url.pathname === "/api/v1/create_order") {
      createCalls++
      const order = JSON.parse(body) as Record<string, unknown>
      const invoice = String(order["invoice"] ?? "")
      if (!/^\d{11}$/.test(String(order["recipient_phone"] ?? ""))) {
        return json(response, { status: 400, errors: { recipient_phone: ["The recipient phone must be 11 digits."] } }, 422)
      }
      if (parcels.has(invoice)) return json(response, { status: 400, errors: { invoice: ["The invoice has already been taken."] } }, 422)
      const parcel: SteadfastParcel = {
        consignmentId: nextId++,
        invoice,
        trackingCode: `SF${(nextId * 7919).toString(16).toUpperCase()}`,
        body: order,
        createdAt: Date.now(),
        status: "in_review"
      }
      parcels.set(invoice, parcel)
      if (faults.loseAnswers > 0) {
        faults.loseAnswers--
        return response.destroy()
      }
      return json(response, {
        status: 200,
        message: "Consignment has been created successfully.",
        consignment: {
          consignment_id: parcel.consignmentId, invoice, tracking_code: parcel.trackingCode,
          recipient_name: order["recipient_name"], recipient_phone: order["recipient_phone"],
          recipient_address: order["recipient_address"], cod_amount: order["cod_amount"], status: parcel.status,
          note: order["note"], created_at: new Date().toISOString(), updated_at: new Date().toISOString()
        }
      })
    }
    const byInvoice = /^\/api\/v1\/status_by_invoice\/(.+)$/.exec(url.pathname)
    if (request.method === "GET" && byInvoice !== null) {
      const parcel = parcels.get(decodeURIComponent(byInvoice[1] ?? ""))
      if (parcel === undefined) return json(response, { status: 404, message: "Consignment not found" }, 404)
      return json(response, { status: 200, delivery_status: parcel.status })
    }
    return json(response, { message: "Not found" }, 404)
  })

  /** Steadfast's notification to the merchant's callback, with `token` as its bearer token. */
  const notify = async (callbackUrl: string, notification: Record<string, unknown>, token = STEADFAST_CREDENTIALS.webhookToken) => {
    const answer = await fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(notification)
    })
    return { status: answer.status, text: await answer.text() }
  }

  /** A delivery_status notification of the parcel, its status set at Steadfast first. */
  const deliveryStatus = (invoice: string, status: string, codAmount?: number) => {
    const parcel = parcels.get(invoice)
    if (parcel === undefined) throw new Error(`no parcel ${invoice}`)
    parcel.status = status
    return {
      notification_type: "delivery_status",
      consignment_id: parcel.consignmentId,
      invoice,
      cod_amount: codAmount ?? Number(parcel.body["cod_amount"] ?? 0),
      status,
      delivery_charge: 100,
      tracking_message: `Consignment status has been updated as ${status}`,
      updated_at: new Date().toISOString().replace("T", " ").slice(0, 19)
    }
  }

  return { ...server, baseUrl: `${server.origin}/api/v1`, parcels, faults, hold, release, notify, deliveryStatus, createCalls: () => createCalls }
}
