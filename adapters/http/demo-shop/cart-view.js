// The cart: quantities, shipping address (district, thana, …), shipping method, payment method
// with the COD fee, coupon, and checkout (as a guest or signed in) ending on the order number
// (and, for a prepaid order, the button that pays it: payment-view.js).
import { api, ApiError, stored } from "./api.js"
import { attempt, clearStatus, formValues, h, money, render, showStatus } from "./dom.js"
import { cancelButton, payButton, rememberOrderToken } from "./payment-view.js"

const cartId = {
  get: () => stored.get("cartId"),
  set: (id) => stored.set("cartId", id)
}

export const updateCartBadge = (cart) => {
  document.getElementById("cart-count").textContent = String(cart?.itemCount ?? 0)
}

/** The current cart, or undefined when there is none (or it expired, completed or was someone else's). */
export const currentCart = async () => {
  const id = cartId.get()
  if (id === undefined) return undefined
  try {
    const cart = await api.get(`/cart/${id}`)
    if (cart.status === "active") return cart
  } catch (error) {
    if (!(error instanceof ApiError) || ![404, 410].includes(error.status)) throw error
  }
  cartId.set(undefined)
  return undefined
}

export const addToCart = async (variantId, quantity, name) => {
  const item = { variantId, quantity }
  let cart = await currentCart()
  cart = cart === undefined
    ? await api.post("/cart", { items: [item] }, { "idempotency-key": crypto.randomUUID() })
    : await api.post(`/cart/${cart.id}/items`, item)
  cartId.set(cart.id)
  updateCartBadge(cart)
  showStatus(`Added ${quantity} × ${name} to the cart`)
}

const ADDRESS_FIELDS = [
  ["name", "Name", true],
  ["phone", "Phone", true],
  ["email", "Email (optional)", false],
  ["house", "House", false],
  ["road", "Road", false],
  ["thana", "Thana", false],
  ["district", "District", false],
  ["city", "City", false],
  ["postcode", "Postcode", false]
]

/** No fee is shown for shipping until a method is chosen: "Tk 0" would read as free delivery. */
const totalsTable = (cart) => {
  const chosen = Boolean(cart.shippingMethodId)
  return h(
    "table",
    { class: "totals", id: "cart-totals" },
    [
      ["Subtotal", money(cart.subtotal), "subtotal"],
      [`Discount${cart.couponCode ? ` (${cart.couponCode})` : ""}`, money(-cart.discountTotal), "discount"],
      [`Shipping${cart.shippingMethodName ? ` (${cart.shippingMethodName})` : ""}`, chosen ? money(cart.shippingFee) : "Choose a delivery method", "shipping"],
      ["Cash on delivery fee", money(cart.codFee), "cod"],
      [chosen ? "Total" : "Total before delivery", money(cart.total), "total"]
    ].map(([label, amount, key]) => h("tr", { class: key, dataset: { total: key } }, h("td", {}, label), h("td", { class: chosen || key !== "shipping" ? "num" : "num muted" }, amount)))
  )
}

const itemsTable = (cart, refresh) =>
  h(
    "table",
    { id: "cart-items" },
    h("tr", {}, h("th", {}, "Item"), h("th", {}, "Quantity"), h("th", { class: "num" }, "Price"), h("th", { class: "num" }, "Line"), h("th", {})),
    cart.items.map((item) =>
      h(
        "tr",
        { dataset: { item: item.id } },
        h("td", {}, h("a", { href: `#/p/${encodeURIComponent(item.product.slug)}` }, item.product.name), " ", h("span", { class: "muted" }, Object.values(item.variant.optionValues).join(" / "))),
        h("td", {}, h("input", {
          type: "number",
          min: "0",
          max: "999",
          value: String(item.quantity),
          size: 4,
          "aria-label": `Quantity of ${item.product.name}`,
          onchange: attempt((event) => refresh(api.patch(`/cart/${cart.id}/items/${item.id}`, { quantity: Number(event.target.value) })))
        })),
        h("td", { class: "num" }, money(item.unitPrice)),
        h("td", { class: "num" }, money(item.lineTotal)),
        h("td", {}, h("button", { class: "secondary", onclick: attempt(() => refresh(api.delete(`/cart/${cart.id}/items/${item.id}`))) }, "Remove"))
      )
    )
  )

const addressForm = (cart, refresh) =>
  h(
    "form",
    {
      class: "panel",
      id: "address-form",
      onsubmit: attempt(async (event) => {
        const values = formValues(event.target)
        const address = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""))
        await refresh(api.put(`/cart/${cart.id}/shipping-address`, address))
        showStatus("Address saved; choose a shipping method")
      })
    },
    h("h2", {}, "Shipping address"),
    ADDRESS_FIELDS.map(([name, label, required]) =>
      h("label", {}, h("span", {}, label), h("input", { name, required, value: cart.shippingAddress?.[name] ?? "" }))
    ),
    h("p", { class: "muted" }, "City or district is required (Dhaka, or districts such as Gazipur)."),
    h("button", { type: "submit" }, "Save address")
  )

const shippingForm = (cart, methods, refresh) =>
  h(
    "form",
    { class: "panel", id: "shipping-form" },
    h("h2", {}, "Shipping and payment"),
    methods.map((method) =>
      h("label", {}, h("input", {
        type: "radio",
        name: "shippingMethodId",
        value: method.id,
        checked: cart.shippingMethodId === method.id,
        disabled: !cart.shippingAddress?.name,
        onchange: attempt(async (event) => {
          try {
            await refresh(api.put(`/cart/${cart.id}/shipping-method`, { shippingMethodId: method.id }))
          } catch (error) {
            // refused (e.g. no delivery to this zone): the cart keeps its method, and so do the radios
            for (const radio of event.target.form.elements.shippingMethodId) radio.checked = radio.value === cart.shippingMethodId
            throw error
          }
        })
      }), ` ${method.name}`, method.slaText ? h("span", { class: "count" }, ` (${method.slaText})`) : undefined)
    ),
    cart.shippingAddress?.name ? undefined : h("p", { class: "muted" }, "Save an address first: the fee depends on the zone."),
    h("label", {}, h("span", {}, "Payment"), h("select", {
      name: "paymentMethod",
      onchange: attempt((event) => refresh(api.put(`/cart/${cart.id}/payment-method`, { paymentMethod: event.target.value })))
    }, h("option", { value: "cod", selected: cart.paymentMethod === "cod" }, "Cash on delivery"), h("option", { value: "prepaid", selected: cart.paymentMethod === "prepaid" }, "Prepaid")))
  )

const couponForm = (cart, refresh) =>
  h(
    "form",
    {
      class: "panel",
      id: "coupon-form",
      onsubmit: attempt(async (event) => {
        await refresh(api.put(`/cart/${cart.id}/coupon`, { code: formValues(event.target).code }))
        showStatus("Coupon applied")
      })
    },
    h("h2", {}, "Coupon"),
    cart.couponCode
      ? h("p", {}, `${cart.couponCode}: −${money(cart.couponDiscount)} `, h("button", { type: "button", class: "secondary", onclick: attempt(() => refresh(api.delete(`/cart/${cart.id}/coupon`))) }, "Remove"))
      : h("p", {}, h("input", { name: "code", placeholder: "WELCOME10", "aria-label": "Coupon code" }), " ", h("button", { type: "submit" }, "Apply"))
  )

const showOrderPlaced = (order) => {
  clearStatus()
  cartId.set(undefined)
  updateCartBadge(undefined)
  render(h(
    "section",
    { class: "panel", id: "order-placed" },
    h("h1", {}, "Thank you!"),
    h("p", {}, "Your order number is"),
    h("p", { class: "order-number", id: "order-number" }, order.orderNumber),
    h("p", {}, `Total ${money(order.totalPrice)}, ${order.paymentMethod === "cod" ? "paid on delivery" : "prepaid"}. Status: ${order.status}.`),
    order.paymentMethod === "prepaid" && order.paymentStatus === "unpaid" && h("p", {}, payButton(order), " ", cancelButton(order.id)),
    h("p", {}, h("a", { href: "#/" }, "Continue shopping"), " · ", h("a", { href: "#/orders" }, "Order history"))
  ))
}

export const showCart = async () => {
  const cart = await currentCart()
  updateCartBadge(cart)
  if (cart === undefined || cart.items.length === 0) {
    render(h("section", { class: "panel" }, h("h1", {}, "Your cart is empty"), h("a", { href: "#/" }, "Browse products")))
    return
  }
  const { methods } = await api.get("/shop/shipping-methods", { shopId: cart.shopId })
  const refresh = async (change) => {
    await change
    await showCart()
  }
  const checkout = h("button", {
    id: "checkout",
    disabled: !cart.shippingMethodId,
    onclick: attempt(async () => {
      const order = await api.post(`/cart/${cart.id}/checkout`, undefined, { "idempotency-key": crypto.randomUUID() })
      rememberOrderToken(order)
      showOrderPlaced(order)
    })
  }, "Place order")
  render(
    h("h1", {}, "Cart"),
    h("div", { class: "columns" },
      h("section", { class: "panel" }, itemsTable(cart, refresh), totalsTable(cart), h("p", {}, checkout), h("p", { class: "muted" }, "No account needed: a guest order is linked to your email or phone.")),
      h("div", {}, addressForm(cart, refresh), shippingForm(cart, methods, refresh), couponForm(cart, refresh)))
  )
}
