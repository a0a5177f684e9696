/**
 * A local simulator of SSL Wireless's ISMS HTTP API (v3), as its sample clients call it:
 * POST /api/v3/send-sms with JSON {api_token, sid, msisdn, sms, csms_id}, answered with JSON
 * {status: "SUCCESS" | "FAILED", status_code, error_message, smsinfo}. A wrong token or sid, a
 * number that is not 8801XXXXXXXXX or a missing field is FAILED; a csms_id it has already sent
 * is FAILED as a duplicate and not sent again (csms_id is the client's unique id of a message).
 *
 * A test switches its behaviour: `ok`; `error` (HTTP 500, nothing sent); `slow` (the message is
 * sent, but the answer comes after `slowMillis`, past the client's timeout); `reject` (HTTP 400,
 * nothing sent). `sent` is what reached phones, once per csms_id; `requests` counts every POST.
 */
import { readBody, startLocalHttpServer } from "./local-http-server.ts"

export type SimulatorMode = "ok" | "error" | "slow" | "reject"

export interface SentSms {
  readonly msisdn: string
  readonly sms: string
  readonly csmsId: string
  readonly at: number
}

export const SIMULATOR_TOKEN = "test-api-token-0123456789"
export const SIMULATOR_SID = "STOREFRONT"

export const startSslWirelessSimulator = async () => {
  let mode: SimulatorMode = "ok"
  let slowMillis = 3_000
  let requests = 0
  const sent: Array<SentSms> = []
  const server = await startLocalHttpServer((request, response) => {
    void readBody(request).then((raw) => {
      requests++
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8" })
        response.end(JSON.stringify(body))
      }
      if (request.method !== "POST" || request.url !== "/api/v3/send-sms") return answer(404, { message: "Not Found" })
      if (mode === "error") return answer(500, { message: "Server Error" })
      if (mode === "reject") return answer(400, { status: "FAILED", status_code: 4000, error_message: "Bad request" })
      let body: Record<string, unknown>
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return answer(400, { status: "FAILED", status_code: 4000, error_message: "Invalid JSON" })
      }
      const failed = (error: string) => answer(200, { status: "FAILED", status_code: 4001, error_message: error, smsinfo: [] })
      if (body["api_token"] !== SIMULATOR_TOKEN || body["sid"] !== SIMULATOR_SID) return failed("Invalid api_token or sid")
      const { msisdn, sms, csms_id: csmsId } = body
      if (typeof msisdn !== "string" || !/^8801[3-9][0-9]{8}$/.test(msisdn)) return failed("Invalid msisdn")
      if (typeof sms !== "string" || sms === "" || typeof csmsId !== "string" || csmsId === "" || csmsId.length > 20) {
        return failed("Invalid sms or csms_id")
      }
      if (sent.some((message) => message.csmsId === csmsId)) return failed("Duplicate csms_id")
      sent.push({ msisdn, sms, csmsId, at: Date.now() })
      const success = {
        status: "SUCCESS",
        status_code: 200,
        error_message: "",
        smsinfo: [{ sms_status: "SUCCESS", status_message: "Success", msisdn, sms_type: /^[\x00-\x7f]*$/.test(sms) ? "EN" : "UNICODE", sms_body: sms, csms_id: csmsId, reference_id: `ref${sent.length}` }]
      }
      if (mode === "slow") setTimeout(() => answer(200, success), slowMillis)
      else answer(200, success)
    })
  })
  return {
    url: server.origin,
    sent: (): ReadonlyArray<SentSms> => sent,
    requests: () => requests,
    setMode: (next: SimulatorMode, options: { readonly slowMillis?: number } = {}) => {
      mode = next
      slowMillis = options.slowMillis ?? slowMillis
    },
    close: server.close
  }
}

export type SslWirelessSimulator = Awaited<ReturnType<typeof startSslWirelessSimulator>>
