// Paying a prepaid order (docs/payments.md): "Pay now" opens a payment session with the demo
// gateway and goes to its page; the gateway sends the shopper back to #/payment/<orderId> with
// paymentSession and outcome in the query, where the session is read from the API (the outcome in
// the URL is only a hint) with the order's token, kept from checkout. A pending order can be
// cancelled from there ("Cancel order"), and the refund of a paid one is shown.
import { api, stored } from "./api.js"
import { attempt, h, money, render } from "./dom.js"

const orderToken = {
  get: (orderId) => stored.get(`orderToken:${orderId}`),
  set: (orderId, token) => stored.set(`orderToken:${orderId}`, token)
}

/** Keeps the token checkout handed out (a guest's proof of ownership of the order). */
export const rememberOrderToken = (order) => {
  if (order.orderToken) orderToken.set(order.id, order.orderToken)
}

const tokenHeaders = (orderId) => {
  const token = orderToken.get(orderId)
  return token === undefined ? {} : { "x-order-token": token }
}

/** The button that starts paying an unpaid prepaid order. */
export const payButton = (order) =>
  h("button", {
    id: "pay-now",
    onclick: attempt(async () => {
      const returnUrl = new URL(location.href)
      returnUrl.hash = `#/payment/${order.id}`
      const session = await api.post(`/orders/${order.id}/payment-sessions`, { provider: "demo", returnUrl: returnUrl.toString() }, tokenHeaders(order.id))
      location.assign(session.redirectUrl)
    })
  }, `Pay ${money(order.totalPrice)} now`)

const refundNotes = {
  refunded: (order) => `Your payment of ${money(order.totalPrice)} was refunded.`,
  refund_pending: (order) => `Your payment of ${money(order.totalPrice)} is being refunded.`
}

/** What cancelling did: the order cancelled and, when it had been paid, its refund. */
const showCancelled = (order) => {
  const refund = refundNotes[order.paymentStatus]
  render(h(
    "section",
    { class: "panel", id: "order-cancelled" },
    h("h1", {}, "Order cancelled"),
    h("p", {}, `Order #${order.orderNumber} is ${order.status}.`),
    refund !== undefined && h("p", { id: "refund-status", "data-status": order.paymentStatus }, refund(order)),
    h("p", {}, h("a", { href: "#/" }, "Continue shopping"), " · ", h("a", { href: "#/orders" }, "Order history"))
  ))
}

/** The button that cancels a pending order (as its owner, or with its order token); a paid one is refunded. */
export const cancelButton = (orderId) =>
  h("button", {
    id: "cancel-order",
    class: "secondary",
    onclick: attempt(async () => showCancelled(await api.post(`/orders/${orderId}/cancel`, undefined, tokenHeaders(orderId))))
  }, "Cancel order")

/** #/payment/<orderId>: what became of the payment the gateway sent the shopper back from. */
export const showPayment = async (orderId) => {
  const sessionId = new URLSearchParams(location.search).get("paymentSession")
  if (sessionId === null) {
    render(h("section", { class: "panel" }, h("h1", {}, "No payment to show"), h("a", { href: "#/" }, "Continue shopping")))
    return
  }
  const session = await api.getWith(`/orders/${orderId}/payment-sessions/${sessionId}`, tokenHeaders(orderId))
  const messages = {
    paid: "Payment received: your order is paid.",
    pending: "The payment is still being confirmed.",
    failed: "The payment failed; nothing was charged.",
    cancelled: "You cancelled the payment.",
    expired: "The order expired before it was paid.",
    refunded: "The payment could not be applied and is being refunded."
  }
  render(h(
    "section",
    { class: "panel", id: "payment-result" },
    h("h1", {}, session.status === "paid" ? "Paid" : "Payment"),
    h("p", { id: "payment-status", "data-status": session.status }, messages[session.status] ?? session.status),
    h("p", {}, `Amount ${money(session.amount)} via ${session.provider}.`),
    ["paid", "pending", "failed", "cancelled"].includes(session.status) && h("p", {}, cancelButton(orderId)),
    h("p", {}, h("a", { href: "#/" }, "Continue shopping"), " · ", h("a", { href: "#/orders" }, "Order history"))
  ))
}
