// The customer: sign in by password or by a code sent to the phone, register, sign out, and the
// order history with each order's detail and its parcel's tracking.
import { api, session } from "./api.js"
import { attempt, formValues, h, money, render, showStatus } from "./dom.js"
import { cancelButton } from "./payment-view.js"
import { trackingPanel } from "./tracking-view.js"

export const updateAccountLink = () => {
  document.getElementById("account-link").textContent = session.tokens === undefined ? "Sign in" : "My account"
}

const signedIn = (result) => {
  session.tokens = result.tokens
  updateAccountLink()
  showStatus("Signed in")
  location.hash = "#/orders"
}

const passwordForm = () =>
  h(
    "form",
    { class: "panel", id: "password-sign-in", onsubmit: attempt(async (event) => signedIn(await api.post("/auth/login", formValues(event.target)))) },
    h("h2", {}, "Sign in with a password"),
    h("label", {}, h("span", {}, "Email"), h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    h("label", {}, h("span", {}, "Password"), h("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
    h("button", { type: "submit" }, "Sign in")
  )

const phoneCodeForm = () => {
  let verificationId
  const codeStep = h(
    "form",
    {
      hidden: true,
      onsubmit: attempt(async (event) =>
        signedIn(await api.post("/auth/otp/verify", { verificationId, code: formValues(event.target).code })))
    },
    h("label", {}, h("span", {}, "Code"), h("input", { name: "code", inputmode: "numeric", pattern: "[0-9]{6}", required: true, autocomplete: "one-time-code" })),
    h("button", { type: "submit" }, "Verify")
  )
  const phoneStep = h(
    "form",
    {
      onsubmit: attempt(async (event) => {
        const { phone } = formValues(event.target)
        const sent = await api.post("/auth/otp/request", { channel: "sms", phone, purpose: "login" })
        verificationId = sent.verificationId
        codeStep.hidden = false
        showStatus("If this phone belongs to an account, a code is on its way (the demo prints it in the server's console)")
      })
    },
    h("label", {}, h("span", {}, "Phone"), h("input", { name: "phone", type: "tel", required: true, placeholder: "01711-000001" })),
    h("button", { type: "submit" }, "Send code")
  )
  return h("section", { class: "panel", id: "phone-sign-in" }, h("h2", {}, "Sign in with a code by SMS"), phoneStep, codeStep)
}

const registerForm = () =>
  h(
    "form",
    {
      class: "panel",
      id: "register",
      onsubmit: attempt(async (event) => {
        const values = formValues(event.target)
        if (values.phone === "") delete values.phone
        signedIn(await api.post("/auth/register", values))
      })
    },
    h("h2", {}, "New here? Create an account"),
    h("label", {}, h("span", {}, "Name"), h("input", { name: "name", required: true })),
    h("label", {}, h("span", {}, "Email"), h("input", { name: "email", type: "email", required: true })),
    h("label", {}, h("span", {}, "Password"), h("input", { name: "password", type: "password", minlength: "8", required: true, autocomplete: "new-password" })),
    h("label", {}, h("span", {}, "Phone (optional)"), h("input", { name: "phone", type: "tel" })),
    h("button", { type: "submit" }, "Register")
  )

export const showAccount = async () => {
  if (session.tokens === undefined) {
    render(h("h1", {}, "Sign in"), h("div", { class: "columns" }, passwordForm(), phoneCodeForm(), registerForm()))
    return
  }
  const me = await api.get("/customers/me")
  render(
    h("h1", {}, `Hello, ${me.name}`),
    h(
      "section",
      { class: "panel" },
      h("p", {}, `Email: ${me.email ?? "—"}${me.emailVerified ? " (verified)" : ""}`),
      h("p", {}, `Phone: ${me.phone ?? "—"}${me.phoneVerified ? " (verified)" : ""}`),
      h("p", {}, h("a", { href: "#/orders" }, "Order history")),
      h("button", {
        class: "secondary",
        id: "sign-out",
        onclick: attempt(async () => {
          const tokens = session.tokens
          session.tokens = undefined
          updateAccountLink()
          if (tokens !== undefined) await api.post("/auth/logout", { refreshToken: tokens.refreshToken })
          location.hash = "#/"
        })
      }, "Sign out")
    )
  )
}

export const showOrders = async () => {
  if (session.tokens === undefined) {
    location.hash = "#/account"
    return
  }
  const orders = await api.get("/customers/me/orders", { limit: 20 })
  render(
    h("h1", {}, "Order history"),
    orders.data.length === 0
      ? h("p", { class: "panel" }, "No orders yet. Guest orders show here once the email or phone they were placed with is verified on this account.")
      : h("table", { class: "panel", id: "orders" },
        h("tr", {}, h("th", {}, "Order"), h("th", {}, "Placed"), h("th", {}, "Status"), h("th", {}, "Tracking"), h("th", { class: "num" }, "Total")),
        orders.data.map((order) =>
          h("tr", {}, h("td", {}, h("a", { href: `#/orders/${order.id}` }, `#${order.orderNumber}`)), h("td", {}, new Date(order.createdAt).toLocaleString()), h("td", {}, order.status), h("td", {}, order.trackingNumber ?? "—"), h("td", { class: "num" }, money(order.totalPrice)))
        ))
  )
}

/** A shopper may cancel a pending order, and a booked one until the courier picks it up. */
const cancellable = (order) => order.status === "pending" || (order.status === "processing" && order.tracking?.status === "booked")

export const showOrder = async (orderId) => {
  const order = await api.get(`/customers/me/orders/${encodeURIComponent(orderId)}`)
  render(
    h("p", {}, h("a", { href: "#/orders" }, "Order history")),
    h(
      "section",
      { class: "panel" },
      h("h1", {}, `Order #${order.orderNumber}`),
      h("p", {}, h("span", { id: "order-status" }, order.status), `, payment `, h("span", { id: "order-payment-status", dataset: { status: order.paymentStatus ?? "" } }, order.paymentStatus ?? "—"), ` (${order.paymentMethod ?? "—"})`),
      cancellable(order) && h("p", {}, cancelButton(order.id)),
      h("table", {}, order.items.map((item) =>
        h("tr", {}, h("td", {}, item.productVariant.product.name, " ", h("span", { class: "muted" }, Object.values(item.productVariant.optionValues).join(" / "))), h("td", { class: "num" }, `${item.quantity} × ${money(item.price)}`))
      )),
      h("table", { class: "totals" },
        [["Subtotal", order.subtotal], ["Discount", -order.discountTotal], ["Shipping", order.shippingFee], ["Cash on delivery fee", order.codFee], ["Total", order.totalPrice]]
          .map(([label, amount]) => h("tr", {}, h("td", {}, label), h("td", { class: "num" }, money(amount)))))
    ),
    trackingPanel(order)
  )
}
