/**
 * SSLCommerz v4 as the gateway simulator serves it (docs/payments.md cites the fields): session
 * initiation (a form), the validation API (VALID, then VALIDATED; an unknown val_id:
 * INVALID_TRANSACTION), the transaction query by tran_id, refund (`refund_trans_id` required,
 * one refund per transaction: a second is refused as refunded already) and the refund query by
 * `refund_ref_id` (`processing` until the refund is done, then `refunded`).
 *
 * Faults a test switches on: `validationFails` (the validation API answers HTTP 500),
 * `refundsProcessing` (refunds are accepted as `processing` and done only by `completeRefunds`),
 * `sslRefundAnswersLost` (the refund is made, the answer is lost).
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { readBody } from "./local-http-server.ts"
import { json, simulatorId } from "./simulator-http.ts"

export const SSL_CREDENTIALS = { storeId: "teststore", storePassword: "teststore@ssl" }

interface SslRefund {
  readonly refundTransId: string
  readonly refundRefId: string
  readonly bankTranId: string
  status: "processing" | "refunded"
}

interface SslSession {
  readonly tranId: string
  readonly amount: string
  readonly currency: string
  attempts: Array<{ valId: string; status: string; bankTranId: string; amount: string; validated: boolean; riskLevel: string }>
  refunds: Array<SslRefund>
}

export const makeSslcommerzSimulator = (base: () => string) => {
  const sessions = new Map<string, SslSession>()
  const faults = { validationFails: 0, refundsProcessing: 0, refundAnswersLost: 0 }

  const refund = (params: URLSearchParams, bankTranId: string, response: ServerResponse) => {
    const refundTransId = params.get("refund_trans_id") ?? ""
    if (refundTransId === "") return json(response, { APIConnect: "DONE", status: "failed", errorReason: "refund_trans_id is required" })
    const session = [...sessions.values()].find((candidate) => candidate.attempts.some((attempt) => attempt.bankTranId === bankTranId))
    if (session === undefined) return json(response, { APIConnect: "DONE", status: "failed", errorReason: "Invalid bank_tran_id" })
    if (session.refunds.some((made) => made.bankTranId === bankTranId)) {
      return json(response, { APIConnect: "DONE", status: "failed", errorReason: "This transaction has already been refunded" })
    }
    const processing = faults.refundsProcessing > 0
    if (processing) faults.refundsProcessing--
    const made: SslRefund = { refundTransId, refundRefId: simulatorId("RR"), bankTranId, status: processing ? "processing" : "refunded" }
    session.refunds.push(made)
    if (faults.refundAnswersLost > 0) {
      faults.refundAnswersLost--
      return void response.destroy()
    }
    return json(response, {
      APIConnect: "DONE", bank_tran_id: bankTranId, trans_id: session.tranId, refund_ref_id: made.refundRefId,
      status: processing ? "processing" : "success", errorReason: ""
    })
  }

  const handle = async (url: URL, request: IncomingMessage, response: ServerResponse) => {
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
      sessions.set(tranId, { tranId, amount: form.get("total_amount") ?? "", currency: form.get("currency") ?? "", attempts: [], refunds: [] })
      const sessionkey = simulatorId("SK")
      return json(response, { status: "SUCCESS", failedreason: "", sessionkey, GatewayPageURL: `${base()}/ssl/pay/${sessionkey}` })
    }
    if (url.pathname === "/validator/api/validationserverAPI.php") {
      if (faults.validationFails > 0) {
        faults.validationFails--
        return json(response, { error: "Internal Server Error" }, 500)
      }
      const valId = params.get("val_id") ?? ""
      for (const session of sessions.values()) {
        const attempt = session.attempts.find((candidate) => candidate.valId === valId && candidate.status === "VALID")
        if (attempt === undefined) continue
        const status = attempt.validated ? "VALIDATED" : "VALID"
        attempt.validated = true
        return json(response, {
          status, tran_id: session.tranId, val_id: valId, amount: attempt.amount, store_amount: attempt.amount,
          currency: "BDT", bank_tran_id: attempt.bankTranId, card_type: "BKASH-BKash", currency_type: session.currency,
          currency_amount: attempt.amount, risk_level: attempt.riskLevel, risk_title: attempt.riskLevel === "1" ? "Risky" : "Safe"
        })
      }
      return json(response, { status: "INVALID_TRANSACTION" })
    }
    if (url.pathname === "/validator/api/merchantTransIDvalidationAPI.php") {
      const bankTranId = params.get("bank_tran_id")
      if (bankTranId !== null) return refund(params, bankTranId, response)
      const refundRefId = params.get("refund_ref_id")
      if (refundRefId !== null) {
        const made = [...sessions.values()].flatMap((session) => session.refunds.map((r) => ({ session, r }))).find(({ r }) => r.refundRefId === refundRefId)
        if (made === undefined) return json(response, { APIConnect: "DONE", status: "failed", errorReason: "Invalid refund_ref_id" })
        return json(response, {
          APIConnect: "DONE", bank_tran_id: made.r.bankTranId, tran_id: made.session.tranId, refund_ref_id: refundRefId,
          status: made.r.status, errorReason: ""
        })
      }
      const session = sessions.get(params.get("tran_id") ?? "")
      const element = (session?.attempts ?? []).map((attempt) => ({
        val_id: attempt.valId, status: attempt.status, tran_id: session?.tranId, amount: attempt.amount, bank_tran_id: attempt.bankTranId,
        risk_level: attempt.riskLevel
      }))
      return json(response, { APIConnect: "DONE", no_of_trans_found: element.length, element })
    }
    return json(response, { status: "FAILED" }, 404)
  }

  return {
    handle,
    controls: {
      /** The shopper on SSLCommerz's page: the form SSLCommerz posts back (to the browser's URL and the IPN). */
      sslShopper: (
        tranId: string,
        status: "VALID" | "FAILED" | "CANCELLED",
        options: { readonly paidAmount?: string; readonly riskLevel?: "0" | "1" } = {}
      ) => {
        const session = sessions.get(tranId)
        if (session === undefined) throw new Error(`no SSLCommerz session ${tranId}`)
        const attempt = {
          valId: simulatorId("VAL"), status, bankTranId: simulatorId("BANK"), amount: options.paidAmount ?? session.amount,
          validated: false, riskLevel: options.riskLevel ?? "0"
        }
        session.attempts.push(attempt)
        return {
          tran_id: tranId, status, amount: attempt.amount, currency: session.currency,
          ...(status === "VALID" ? { val_id: attempt.valId, bank_tran_id: attempt.bankTranId, card_type: "BKASH-BKash" } : {})
        }
      },
      /** How many refunds were made of the session's payments (done or processing). */
      sslRefunds: (tranId: string) => sessions.get(tranId)?.refunds.length ?? 0,
      /** The refunds made of the session's payments. */
      sslRefundsOf: (tranId: string): ReadonlyArray<Readonly<SslRefund>> => sessions.get(tranId)?.refunds ?? [],
      /** The next `count` validations answer HTTP 500. */
      validationFails: (count: number) => void (faults.validationFails = count),
      /** The next `count` refunds are accepted as `processing`. */
      refundsProcessing: (count: number) => void (faults.refundsProcessing = count),
      /** Every refund still processing is done. */
      completeRefunds: () => {
        for (const session of sessions.values()) for (const made of session.refunds) made.status = "refunded"
      },
      /** The next `count` SSLCommerz refunds are made, but their answers are lost. */
      sslRefundAnswersLost: (count: number) => void (faults.refundAnswersLost = count)
    }
  }
}
