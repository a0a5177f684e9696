// The demo shop's entry: routes the hash (#/, #/p/slug, #/cart, #/account, #/orders, #/orders/id, #/payment/id)
// to its view (and /reset-password?token=… to the reset form), and shows an API problem in the status line instead of a blank page.
// The language switch (English / বাংলা) sets the language the API is asked for and shows the view again.
import { API_BASE, language, PUBLISHABLE_KEY } from "./api.js"
import { showAccount, showOrder, showOrders, updateAccountLink } from "./account-view.js"
import { currentCart, showCart, updateCartBadge } from "./cart-view.js"
import { showListing, showProduct } from "./catalog-view.js"
import { showPayment } from "./payment-view.js"
import { showResetPassword } from "./reset-password-view.js"
import { attachSuggestions } from "./search-view.js"
import { clearStatus, h, render, showStatus } from "./dom.js"

const route = async () => {
  const [path, search = ""] = location.hash.replace(/^#/, "").split("?")
  const parts = (path || "/").split("/").filter(Boolean).map(decodeURIComponent)
  const searchInput = document.querySelector("#search input")
  const filters = Object.fromEntries(new URLSearchParams(search))
  searchInput.value = filters.search ?? ""
  switch (parts[0]) {
    case undefined:
      // the page a reset link opens (/reset-password?token=…) until the shopper goes elsewhere
      if (location.pathname === "/reset-password") return showResetPassword(new URLSearchParams(location.search).get("token"))
      return showListing(filters)
    case "p":
      return showProduct(parts[1])
    case "cart":
      return showCart()
    case "account":
      return showAccount()
    case "orders":
      return parts[1] === undefined ? showOrders() : showOrder(parts[1])
    case "payment":
      return showPayment(parts[1])
    default:
      render(h("p", {}, "Nothing here. ", h("a", { href: "#/" }, "Browse products")))
  }
}

const show = async () => {
  const hash = location.hash
  try {
    clearStatus()
    await route()
  } catch (error) {
    showStatus(error.message, "error")
  } finally {
    // the state the view now shows (a test waits for it after changing the hash)
    document.body.dataset.rendered = hash
  }
}

document.getElementById("api-base").textContent = API_BASE
document.getElementById("api-key").textContent = PUBLISHABLE_KEY
document.getElementById("search").addEventListener("submit", (event) => {
  event.preventDefault()
  const search = new FormData(event.target).get("search").trim()
  location.hash = search === "" ? "#/" : `#/?${new URLSearchParams({ search })}`
})
attachSuggestions(document.getElementById("search"))
const languageSwitch = document.getElementById("language")
languageSwitch.value = language.get()
document.documentElement.lang = language.get()
languageSwitch.addEventListener("change", () => {
  language.set(languageSwitch.value)
  document.documentElement.lang = language.get()
  show()
})
window.addEventListener("hashchange", show)
updateAccountLink()
currentCart().then(updateCartBadge, () => undefined)
show()
