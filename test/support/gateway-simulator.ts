/**
 * A local simulator of the bKash Tokenized Checkout (v1.2.0-beta) and SSLCommerz v4 HTTP APIs
 * the adapters call (docs/payments.md cites the fields), on 127.0.0.1 and a free port, with state
 * the tests drive as the shopper and the gateways would:
 *
 * - bKash: token grant and refresh (checking username/password headers and app key/secret),
 *   create (a paymentID and a bkashURL), execute (Completed once the shopper authorised; an error
 *   code after that or before), payment status, refund. `bkashShopper` is the shopper on bKash's
 *   page (the callback URL bKash would redirect to); `executeStalls` makes execute complete the
 *   payment but answer only after the adapter's timeout.
 * - SSLCommerz: session initiation (a form), the validation API (VALID, then VALIDATED; unknown
 *   val_id: INVALID_TRANSACTION), the transaction query by tran_id and refund. `sslShopper`
 *   returns the form SSLCommerz would post to the success/fail/cancel and IPN URLs; `paidAmount`
 *   lets a payment differ from what was asked (a tampered amount).
 */
import { randomBytes } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { readBody, startLocalHttpServer } from "./local-http-server.ts"

export const BKASH_CREDENTIALS = { username: "sandboxUser", password: "sandbox-password", appKey: "app-key", appSecret: "app-secret" }
export const SSL_CREDENTIALS = { storeId: "teststore", storePassword: "teststore@ssl" }

interface BkashPayment {
  readonly paymentID: string
  readonly amount: string
  readonly currency: string
  readonly merchantInvoiceNumber: string
  readonly callbackURL: string
  status: "Initiated" | "Authorized" | "Completed" | "Cancelled" | "Failed"
  trxID: string
  refunded: boolean
}

interface SslSession {
  readonly tranId: string
  readonly amount: string
  readonly currency: string
  attempts: Array<{ valId: string; status: string; bankTranId: string; amount: string; validated: boolean }>
  refunds: number
}

const id = (prefix: string) => `${prefix}${randomBytes(6).toString("hex").toUpperCase()}`

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

export const startGatewaySimulator = async () => {
  const bkash = new Map<string, BkashPayment>()
  const ssl = new Map<string, SslSession>()
  const tokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const calls: Array<string> = []
  let stallExecute = 0
  let base = ""

  const bkashAuthorised = (request: IncomingMessage) =>
    tokens.has(String(request.headers["authorization"] ?? "")) && request.headers["x-app-key"] === BKASH_CREDENTIALS.appKey

  const handleBkash = async (path: string, request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, string>
    if (path === "/token/grant" || path === "/token/refresh") {
      const known = request.headers["username"] === BKASH_CREDENTIALS.username && request.headers["password"] === BKASH_CREDENTIALS.password &&
        body["app_key"] === BKASH_CREDENTIALS.appKey && body["app_secret"] === BKASH_CREDENTIALS.appSecret &&
        (path === "/token/grant" || refreshTokens.has(body["refresh_token"] ?? ""))
      if (!known) return json(response, { statusCode: "2079", statusMessage: "Invalid username or password" })
      const idToken = id("IDT")
      const refresh = id("RFT")
      tokens.add(idToken)
      refreshTokens.add(refresh)
      return json(response, { statusCode: "0000", statusMessage: "Successful", id_token: idToken, token_type: "Bearer", expires_in: 3600, refresh_token: refresh })
    }
    if (!bkashAuthorised(request)) return json(response, { statusCode: "2079", statusMessage: "Invalid App Token" }, 401)
    const payment = bkash.get(body["paymentID"] ?? "")
    const paymentAnswer = (p: BkashPayment) => ({
      statusCode: "0000", statusMessage: "Successful", paymentID: p.paymentID, trxID: p.trxID, transactionStatus: p.status,
      amount: p.amount, currency: p.currency, intent: "sale", merchantInvoiceNumber: p.merchantInvoiceNumber
    })
    switch (path) {
      case "/create": {
        const created: BkashPayment = {
          paymentID: id("TR0011"), amount: body["amount"] ?? "", currency: body["currency"] ?? "",
          merchantInvoiceNumber: body["merchantInvoiceNumber"] ?? "", callbackURL: body["callbackURL"] ?? "",
          status: "Initiated", trxID: "", refunded: false
        }
        bkash.set(created.paymentID, created)
        return json(response, { ...paymentAnswer(created), bkashURL: `${base}/bkash/pay/${created.paymentID}`, callbackURL: created.callbackURL })
      }
      case "/execute": {
        if (payment === undefined) return json(response, { statusCode: "2056", statusMessage: "Invalid Payment State" })
        if (payment.status !== "Authorized") {
          return json(response, payment.status === "Completed"
            ? { statusCode: "2062", statusMessage: "The payment has already been completed" }
            : { statusCode: "2056", statusMessage: "Invalid Payment State" })
        }
        payment.status = "Completed"
        payment.trxID = id("BKX")
        if (stallExecute > 0) {
          stallExecute--
          // completed at bKash, but the answer comes too late for the adapter
          await new Promise((resolve) => setTimeout(resolve, 1500))
        }
        return json(response, paymentAnswer(payment))
      }
      case "/payment/status":
        if (payment === undefined) return json(response, { statusCode: "2056", statusMessage: "Invalid Payment ID" })
        return json(response, paymentAnswer(payment))
      case "/payment/refund":
        if (payment === undefined || payment.status !== "Completed" || payment.trxID !== body["trxID"] || payment.refunded) {
          return json(response, { statusCode: "2071", statusMessage: "Refund not possible" })
        }
        payment.refunded = true
        return json(response, {
          statusCode: "0000", statusMessage: "Successful", originalTrxID: payment.trxID, refundTrxID: id("RFX"),
          transactionStatus: "Completed", amount: body["amount"], currency: payment.currency, charge: "0.00"
        })
    }
    return json(response, { statusCode: "9999", statusMessage: "Unknown API" }, 404)
  }

  const handleSsl = async (url: URL, request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(request.method === "POST" ? await readBody(request) : "")
    const params = request.method === "POST" ? form : url.searchParams
    if (params.get("store_id") !== SSL_CREDENTIALS.storeId || params.get("store_passwd") !== SSL_CREDENTIALS.storePassword) {
      return json(response, { status: "FAILED", failedreason: "Store Credential Error Or Store is De-active", APIConnect: "INVALID_REQUEST" })
    }
    if (url.pathname === "/gwprocess/v4/api.php") {
      const tranId = form.get("tran_id") ?? ""
      for (const field of ["total_amount", "currency", "success_url", "fail_url", "cancel_url", "cus_name", "cus_phone"]) {
        if ((form.get(field) ?? "") === "") return json(response, { status: "FAILED", failedreason: `Invalid Information: ${field}` })
      }
      ssl.set(tranId, { tranId, amount: form.get("total_amount") ?? "", currency: form.get("currency") ?? "", attempts: [], refunds: 0 })
      const sessionkey = id("SK")
      return json(response, { status: "SUCCESS", failedreason: "", sessionkey, GatewayPageURL: `${base}/ssl/pay/${sessionkey}` })
    }
    if (url.pathname === "/validator/api/validationserverAPI.php") {
      const valId = params.get("val_id") ?? ""
      for (const session of ssl.values()) {
        const attempt = session.attempts.find((candidate) => candidate.valId === valId && candidate.status === "VALID")
        if (attempt === undefined) continue
        const status = attempt.validated ? "VALIDATED" : "VALID"
        attempt.validated = true
        return json(response, {
          status, tran_id: session.tranId, val_id: valId, amount: attempt.amount, store_amount: attempt.amount,
          currency: "BDT", bank_tran_id: attempt.bankTranId, card_type: "BKASH-BKash", currency_type: session.currency,
          currency_amount: attempt.amount, risk_level: "0"
        })
      }
      return json(response, { status: "INVALID_TRANSACTION" })
    }
    if (url.pathname === "/validator/api/merchantTransIDvalidationAPI.php") {
      const bankTranId = params.get("bank_tran_id")
      if (bankTranId !== null) {
        const session = [...ssl.values()].find((candidate) => candidate.attempts.some((attempt) => attempt.bankTranId === bankTranId))
        if (session === undefined || session.refunds > 0) return json(response, { APIConnect: "DONE", status: "failed", errorReason: "Invalid bank_tran_id" })
        session.refunds++
        return json(response, { APIConnect: "DONE", bank_tran_id: bankTranId, trans_id: session.tranId, refund_ref_id: id("RR"), status: "success", errorReason: "" })
      }
      const session = ssl.get(params.get("tran_id") ?? "")
      const element = (session?.attempts ?? []).map((attempt) => ({
        val_id: attempt.valId, status: attempt.status, tran_id: session?.tranId, amount: attempt.amount, bank_tran_id: attempt.bankTranId
      }))
      return json(response, { APIConnect: "DONE", no_of_trans_found: element.length, element })
    }
    return json(response, { status: "FAILED" }, 404)
  }

  const server = await startLocalHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator")
    calls.push(`${request.method} ${url.pathname}`)
    const handled = url.pathname.startsWith("/bkash/tokenized/checkout")
      ? handleBkash(url.pathname.slice("/bkash/tokenized/checkout".length), request, response)
      : url.pathname.startsWith("/sslcommerz/")
      ? handleSsl(new URL(url.pathname.slice("/sslcommerz".length) + url.search, "http://simulator"), request, response)
      : Promise.resolve(json(response, { error: "not found" }, 404))
    handled.catch(() => json(response, { error: "simulator failure" }, 500))
  })
  base = server.origin

  return {
    bkashBaseUrl: `${base}/bkash`,
    sslcommerzBaseUrl: `${base}/sslcommerz`,
    calls,
    /** The shopper on bKash's page: the callback URL (path and query) bKash would redirect to. */
    bkashShopper: (paymentID: string, status: "success" | "failure" | "cancel") => {
      const payment = bkash.get(paymentID)
      if (payment === undefined) throw new Error(`no bKash payment ${paymentID}`)
      if (status === "success") payment.status = "Authorized"
      const callback = new URL(payment.callbackURL)
      callback.searchParams.set("paymentID", paymentID)
      callback.searchParams.set("status", status)
      return `${callback.pathname}${callback.search}`
    },
    bkashPayment: (paymentID: string) => bkash.get(paymentID),
    /** The next `count` executes complete the payment but answer after 1.5 s. */
    executeStalls: (count: number) => {
      stallExecute = count
    },
    /** The shopper on SSLCommerz's page: the form SSLCommerz posts back (to the browser's URL and the IPN). */
    sslShopper: (tranId: string, status: "VALID" | "FAILED" | "CANCELLED", options: { readonly paidAmount?: string } = {}) => {
      const session = ssl.get(tranId)
      if (session === undefined) throw new Error(`no SSLCommerz session ${tranId}`)
      const attempt = { valId: id("VAL"), status, bankTranId: id("BANK"), amount: options.paidAmount ?? session.amount, validated: false }
      session.attempts.push(attempt)
      return {
        tran_id: tranId, status, amount: attempt.amount, currency: session.currency,
        ...(status === "VALID" ? { val_id: attempt.valId, bank_tran_id: attempt.bankTranId, card_type: "BKASH-BKash" } : {})
      }
    },
    sslRefunds: (tranId: string) => ssl.get(tranId)?.refunds ?? 0,
    close: server.close
  }
}

export type GatewaySimulator = Awaited<ReturnType<typeof startGatewaySimulator>>
