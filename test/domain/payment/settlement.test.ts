/**
 * The order and payment session state machines (domain/order/order-lifecycle.ts,
 * domain/payment/settlement.ts): property tests over any sequence of gateway answers for the
 * sessions of one order and cancellations, applied one after another as the locks serialise
 * them in the service.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import { cancelOrder, markRefunded, ORDER_STATUSES, PAYMENT_STATUSES } from "../../../domain/order/order-lifecycle.ts"
import { type Order, placeOrder } from "../../../domain/order/order.ts"
import { PAYMENT_SESSION_STATUSES, type PaymentSession } from "../../../domain/payment/payment-session.ts"
import { settle, type VerifiedPayment } from "../../../domain/payment/settlement.ts"
import { CartId, CustomerId, OrderId, PaymentSessionId, ShopId } from "../../../domain/shared/ids.ts"
import { minor } from "../../support/units.ts"

const NOW = new Date("2026-03-01T10:00:00.000Z")
const TOTAL = minor(125_050)

const order = (): Order => ({
  ...placeOrder({
    id: OrderId.make("ord_1"),
    orderNumber: "100000",
    customerId: CustomerId.make("cus_1"),
    guestContact: null,
    cart: {
      id: CartId.make("cart_1"), shopId: ShopId.make("shop_1"), customerId: null, status: "active", lines: [],
      shippingAddress: {
        name: "Rahim", phone: "01711000000", house: "", road: "", thana: "", district: "", division: "", city: "Dhaka",
        postcode: "", country: "", note: "", email: ""
      },
      billingAddress: null, shippingMethodId: "", paymentMethod: "prepaid", customerNote: "", couponCode: "",
      version: 1, createdAt: NOW, updatedAt: NOW, expiresAt: NOW
    } as never,
    lines: [],
    totals: { subtotal: TOTAL, couponDiscount: minor(0), discountTotal: minor(0), shippingFee: minor(0), codFee: minor(0), total: TOTAL, itemCount: 1 },
    couponApplied: false,
    shippingMethodName: "",
    now: NOW
  })
})

const session = (index: number): PaymentSession => ({
  id: PaymentSessionId.make(`pay_${index}`), orderId: OrderId.make("ord_1"), provider: "demo", status: "pending",
  amount: TOTAL, currency: "BDT", returnUrl: "https://shop.example/", redirectUrl: "", gatewayReference: `ref_${index}`,
  expiresAt: NOW, createdAt: NOW, completedAt: null
})

const Event = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("answer"), session: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
    outcome: Schema.Literals(["paid", "failed", "cancelled", "pending"]), rightAmount: Schema.Boolean }),
  Schema.Struct({ kind: Schema.Literal("cancel") })
])
const Events = Arbitrary.schema(Schema.Array(Event).check(Schema.isMaxLength(12)))

const payment = (outcome: VerifiedPayment["outcome"], rightAmount: boolean): VerifiedPayment => ({
  outcome, transactionId: outcome === "paid" ? "trx" : "", amount: rightAmount ? TOTAL : minor(TOTAL - 1), currency: "BDT", details: {}
})

describe("payment settlement and order lifecycle", () => {
  it.prop("at most one capture is applied; the order is paid exactly when one was, with amountPaid = total; money it cannot take is refunded", [Events], ([events]) => {
    let current = order()
    const sessions = [session(0), session(1), session(2)]
    let applied = 0
    let refunds = 0
    let paidAnswers = 0
    for (const event of events) {
      if (event.kind === "cancel") {
        const cancelled = cancelOrder(current, "customer", NOW)
        if (Result.isSuccess(cancelled)) current = cancelled.success.order
        continue
      }
      const before = sessions[event.session]!
      const settlement = settle(current, before, payment(event.outcome, event.rightAmount), NOW)
      if (event.outcome === "paid" && before.status !== "paid" && before.status !== "refunded") paidAnswers++
      switch (settlement._tag) {
        case "Captured":
          applied++
          current = settlement.order
          sessions[event.session] = settlement.session
          break
        case "Refund":
          refunds++
          current = settlement.order
          sessions[event.session] = settlement.session
          break
        case "Closed":
          sessions[event.session] = settlement.session
          break
        case "Unchanged":
          break
      }
      expect(PAYMENT_SESSION_STATUSES).toContain(sessions[event.session]!.status)
    }
    expect(applied).toBeLessThanOrEqual(1)
    expect(applied + refunds).toBe(paidAnswers)
    expect(ORDER_STATUSES).toContain(current.status)
    expect(PAYMENT_STATUSES).toContain(current.paymentStatus)
    if (current.status === "pending") expect(current.paymentStatus === "paid").toBe(applied === 1)
    if (current.paymentStatus === "paid") expect(current.amountPaid).toBe(TOTAL)
    if (applied === 0) expect(current.amountPaid).toBe(0)
  })

  it("a paid order cancelled owes a refund; a cancelled one cancels again unchanged; only pending orders cancel", () => {
    const paid = { ...order(), paymentStatus: "paid" as const, amountPaid: TOTAL }
    const cancelled = Result.getOrThrow(cancelOrder(paid, "customer", NOW))
    expect(cancelled._tag).toBe("Cancelled")
    expect(cancelled).toMatchObject({ refundDue: true, order: { status: "cancelled", paymentStatus: "refund_pending", cancellation: { at: NOW, reason: "customer" } } })
    expect(Result.getOrThrow(cancelOrder(cancelled.order, "payment_expired", NOW))._tag).toBe("AlreadyCancelled")
    expect(Result.isFailure(cancelOrder({ ...order(), status: "shipped" }, "customer", NOW))).toBe(true)
  })

  it("a capture the gateway flags as risky is applied with the order on_hold; cancelling a held order owes its refund; a refund confirmed leaves amountPaid 0", () => {
    const settled = settle(order(), session(0), { ...payment("paid", true), risky: true }, NOW)
    expect(settled).toMatchObject({ _tag: "Captured", session: { status: "paid" }, order: { paymentStatus: "on_hold", amountPaid: TOTAL } })
    const held = settled._tag === "Captured" ? settled.order : order()
    expect(settle(held, session(1), payment("paid", true), NOW)).toMatchObject({ _tag: "Refund", reason: "already_paid" })
    const cancelled = Result.getOrThrow(cancelOrder(held, "customer", NOW))
    expect(cancelled).toMatchObject({ refundDue: true, order: { paymentStatus: "refund_pending", amountPaid: TOTAL } })
    if (cancelled._tag === "Cancelled") expect(markRefunded(cancelled.order)).toMatchObject({ paymentStatus: "refunded", amountPaid: 0 })
  })
})
