// Suggestions under the search box as the shopper types (GET /products/suggest): completed
// searches, categories and products, each one click away.
import { api } from "./api.js"
import { h, money } from "./dom.js"

const TYPING_PAUSE_MILLIS = 150

export const attachSuggestions = (form) => {
  const input = form.querySelector('input[name="search"]')
  const list = h("div", { id: "suggestions", class: "suggestions", hidden: true })
  form.append(list)
  input.setAttribute("autocomplete", "off")
  let timer
  let latest = 0
  const hide = () => {
    list.hidden = true
    list.replaceChildren()
  }
  const searchFor = (text) => {
    hide()
    input.value = text
    location.hash = `#/?${new URLSearchParams({ search: text })}`
  }
  const suggest = async (typed) => {
    const asked = ++latest
    let found
    try {
      found = await api.get("/products/suggest", { q: typed, limit: 5 })
    } catch {
      // suggestions are a help, not the search: the search button still works
      return hide()
    }
    if (asked !== latest) return
    const entries = [
      ...found.queries.map((query) =>
        h("button", { type: "button", class: "suggestion query", onclick: () => searchFor(query) }, query)),
      ...found.categories.map((category) =>
        h("a", { class: "suggestion category", href: `#/?${new URLSearchParams({ categorySlug: category.slug })}`, onclick: hide }, `in ${category.name}`)),
      ...found.products.map((product) =>
        h("a", { class: "suggestion product", href: `#/p/${encodeURIComponent(product.slug)}`, onclick: hide }, product.name, " ", h("span", { class: "count" }, money(product.price))))
    ]
    list.replaceChildren(...entries)
    list.hidden = entries.length === 0
  }
  input.addEventListener("input", () => {
    clearTimeout(timer)
    const typed = input.value.trim().slice(0, 100)
    if (typed === "") {
      latest++
      return hide()
    }
    timer = setTimeout(() => suggest(typed), TYPING_PAUSE_MILLIS)
  })
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide()
  })
  form.addEventListener("submit", () => {
    clearTimeout(timer)
    latest++
    hide()
  })
  window.addEventListener("hashchange", hide)
}
