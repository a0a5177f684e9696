/**
 * bKash Tokenized Checkout (v1.2.0-beta) as the gateway simulator serves it (docs/payments.md
 * cites the fields): token grant and refresh (checking the username/password headers and the app
 * key/secret), create, execute, payment status, refund, and refund status (`payment/refund`
 * with only paymentID and trxID). A call with a token bKash does not know is HTTP 401
 * `{"message":"Unauthorized"}`; with one it expired, `{"message":"The incoming token has expired"}`.
 *
 * Faults a test switches on: `expireTokens` (every token given so far expires), `executeStalls`
 * (execute completes the payment but answers after the adapter's timeout), `statusFails` (the
 * status query answers HTTP 503), `refundAnswersLost` (the refund is made, the answer is lost).
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { readBody } from "./local-http-server.ts"
import { json, simulatorId } from "./simulator-http.ts"

export const BKASH_CREDENTIALS = { username: "sandboxUser", password: "sandbox-password", appKey: "app-key", appSecret: "app-secret" }

export interface BkashPayment {
  readonly paymentID: string
  readonly amount: string
  readonly currency: string
  readonly merchantInvoiceNumber: string
  readonly callbackURL: string
  status: "Initiated" | "Authorized" | "Completed" | "Cancelled" | "Failed"
  trxID: string
  refundTrxID: string
  refunded: boolean
}

export const makeBkashSimulator = (base: () => string) => {
  const payments = new Map<string, BkashPayment>()
  const tokens = new Set<string>()
  const expired = new Set<string>()
  const refreshTokens = new Set<string>()
  const tokenRequests = { grants: 0, refreshes: 0 }
  const faults = { stallExecute: 0, stallMillis: 1500, statusFails: 0, refundAnswersLost: 0 }

  const answer = (p: BkashPayment) => ({
    statusCode: "0000", statusMessage: "Successful", paymentID: p.paymentID, trxID: p.trxID, transactionStatus: p.status,
    amount: p.amount, currency: p.currency, intent: "sale", merchantInvoiceNumber: p.merchantInvoiceNumber
  })
  const refundAnswer = (p: BkashPayment) => ({
    statusCode: "0000", statusMessage: "Successful", originalTrxID: p.trxID, refundTrxID: p.refundTrxID,
    transactionStatus: "Completed", amount: p.amount, currency: p.currency, charge: "0.00"
  })

  const handle = async (path: string, request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, string>
    if (path === "/token/grant" || path === "/token/refresh") {
      const known = request.headers["username"] === BKASH_CREDENTIALS.username && request.headers["password"] === BKASH_CREDENTIALS.password &&
        body["app_key"] === BKASH_CREDENTIALS.appKey && body["app_secret"] === BKASH_CREDENTIALS.appSecret &&
        (path === "/token/grant" || refreshTokens.has(body["refresh_token"] ?? ""))
      if (path === "/token/grant") tokenRequests.grants++
      else tokenRequests.refreshes++
      if (!known) return json(response, { statusCode: "2079", statusMessage: "Invalid username or password" })
      const idToken = simulatorId("IDT")
      const refresh = simulatorId("RFT")
      tokens.add(idToken)
      refreshTokens.add(refresh)
      return json(response, { statusCode: "0000", statusMessage: "Successful", id_token: idToken, token_type: "Bearer", expires_in: 3600, refresh_token: refresh })
    }
    const token = String(request.headers["authorization"] ?? "")
    if (expired.has(token)) return json(response, { message: "The incoming token has expired" }, 401)
    if (!tokens.has(token) || request.headers["x-app-key"] !== BKASH_CREDENTIALS.appKey) return json(response, { message: "Unauthorized" }, 401)
    const payment = payments.get(body["paymentID"] ?? "")
    switch (path) {
      case "/create": {
        const created: BkashPayment = {
          paymentID: simulatorId("TR0011"), amount: body["amount"] ?? "", currency: body["currency"] ?? "",
          merchantInvoiceNumber: body["merchantInvoiceNumber"] ?? "", callbackURL: body["callbackURL"] ?? "",
          status: "Initiated", trxID: "", refundTrxID: "", refunded: false
        }
        payments.set(created.paymentID, created)
        return json(response, { ...answer(created), bkashURL: `${base()}/bkash/pay/${created.paymentID}`, callbackURL: created.callbackURL })
      }
      case "/execute": {
        if (payment === undefined) return json(response, { statusCode: "2056", statusMessage: "Invalid Payment State" })
        if (payment.status !== "Authorized") {
          return json(response, payment.status === "Completed"
            ? { statusCode: "2062", statusMessage: "The payment has already been completed" }
            : { statusCode: "2056", statusMessage: "Invalid Payment State" })
        }
        payment.status = "Completed"
        payment.trxID = simulatorId("BKX")
        if (faults.stallExecute > 0) {
          faults.stallExecute--
          // completed at bKash, but the answer comes too late for the adapter
          await new Promise((resolve) => setTimeout(resolve, faults.stallMillis))
        }
        return json(response, answer(payment))
      }
      case "/payment/status":
        if (faults.statusFails > 0) {
          faults.statusFails--
          return json(response, { message: "Service Unavailable" }, 503)
        }
        if (payment === undefined) return json(response, { statusCode: "2056", statusMessage: "Invalid Payment ID" })
        return json(response, answer(payment))
      case "/payment/refund": {
        const matches = payment !== undefined && payment.status === "Completed" && payment.trxID === body["trxID"]
        if (body["amount"] === undefined) {
          // refund status: the refund made of this payment, if any
          if (!matches || !payment.refunded) return json(response, { statusCode: "2070", statusMessage: "No refund found for this transaction" })
          return json(response, refundAnswer(payment))
        }
        if (!matches || payment.refunded) return json(response, { statusCode: "2071", statusMessage: "Refund not possible" })
        payment.refunded = true
        payment.refundTrxID = simulatorId("RFX")
        if (faults.refundAnswersLost > 0) {
          faults.refundAnswersLost--
          // refunded at bKash, but the connection drops before the answer
          return void response.destroy()
        }
        return json(response, refundAnswer(payment))
      }
    }
    return json(response, { statusCode: "9999", statusMessage: "Unknown API" }, 404)
  }

  return {
    handle,
    controls: {
      /** The shopper on bKash's page: the callback URL (path and query) bKash would redirect to. */
      bkashShopper: (paymentID: string, status: "success" | "failure" | "cancel") => {
        const payment = payments.get(paymentID)
        if (payment === undefined) throw new Error(`no bKash payment ${paymentID}`)
        if (status === "success") payment.status = "Authorized"
        const callback = new URL(payment.callbackURL)
        callback.searchParams.set("paymentID", paymentID)
        callback.searchParams.set("status", status)
        return `${callback.pathname}${callback.search}`
      },
      bkashPayment: (paymentID: string) => payments.get(paymentID),
      /** The next `count` executes complete the payment but answer after `millis` (1.5 s). */
      executeStalls: (count: number, millis = 1500) => {
        faults.stallExecute = count
        faults.stallMillis = millis
      },
      /** The next `count` payment status queries answer HTTP 503. */
      statusFails: (count: number) => void (faults.statusFails = count),
      /** The next `count` bKash refunds are made, but their answers are lost. */
      bkashRefundAnswersLost: (count: number) => void (faults.refundAnswersLost = count),
      /** Every id token handed out so far expires (bKash then answers 401). */
      expireTokens: () => {
        for (const token of tokens) expired.add(token)
        tokens.clear()
      },
      /** How many grants and refreshes were asked. */
      tokenRequests: () => ({ ...tokenRequests })
    }
  }
}
