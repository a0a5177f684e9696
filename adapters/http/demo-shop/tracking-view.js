// The parcel on the order page (docs/fulfilment.md): the courier, the tracking number linking to
// the courier's tracking page, the status in words, and the steps of the journey up to the
// current one. The API gives only the current status (the order's `tracking`), so the steps
// reached are those a parcel passes to get there: a return was picked up first, a cancelled
// booking never was.
import { API_BASE } from "./api.js"
import { h, money } from "./dom.js"

const words = {
  booked: "Booked",
  picked_up: "Picked up",
  in_transit: "In transit",
  on_hold: "On hold at the courier",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  partially_delivered: "Partly delivered",
  returned: "Returned to the shop",
  cancelled: "Booking cancelled"
}

const journey = ["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"]

/** The steps shown: those reached (`reached`), then, while the parcel is on its way, those to come. */
const stepsOf = (status) => {
  const reachedOnly = (steps) => steps.map((step) => ({ step, reached: true }))
  switch (status) {
    case "on_hold":
      return [...reachedOnly(["booked", "picked_up", "in_transit", "on_hold"]), { step: "out_for_delivery", reached: false }, { step: "delivered", reached: false }]
    case "partially_delivered":
      return reachedOnly(["booked", "picked_up", "in_transit", "out_for_delivery", "partially_delivered"])
    case "returned":
      return reachedOnly(["booked", "picked_up", "returned"])
    case "cancelled":
      return reachedOnly(["booked", "cancelled"])
    default: {
      const at = journey.indexOf(status)
      return journey.map((step, index) => ({ step, reached: index <= at }))
    }
  }
}

/** The tracking page's address; a path is on the API's origin. Only http(s) links are followed. */
const trackingHref = (url) => {
  try {
    const resolved = new URL(url, `${API_BASE}/`)
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved.href : undefined
  } catch {
    return undefined
  }
}

/** What the cash-on-delivery courier collected, once the order is paid. */
const collectedNote = (order) =>
  order.paymentMethod === "cod" && order.amountPaid > 0 &&
  h("p", { id: "amount-collected" }, `Cash collected by the courier: ${money(order.amountPaid)}.`)

/** The order's parcel, or nothing before it is booked with a courier. */
export const trackingPanel = (order) => {
  const tracking = order.tracking
  if (tracking === undefined || tracking.trackingNumber === "") return false
  const href = trackingHref(tracking.trackingUrl)
  return h(
    "section",
    { class: "panel tracking", id: "tracking", dataset: { status: tracking.status } },
    h("h2", {}, "Delivery"),
    h("p", {}, `${tracking.courierName}, tracking number `,
      href === undefined
        ? h("strong", { id: "tracking-number" }, tracking.trackingNumber)
        : h("a", { id: "tracking-number", href, target: "_blank", rel: "noopener" }, tracking.trackingNumber)),
    h("p", {}, "Status: ", h("strong", { id: "tracking-status" }, words[tracking.status] ?? tracking.status)),
    h("ol", { class: "timeline", id: "tracking-timeline" }, stepsOf(tracking.status).map(({ step, reached }) =>
      h("li", { class: reached ? "reached" : "upcoming", dataset: { step } }, words[step]))),
    collectedNote(order)
  )
}
