// A few DOM helpers: h() builds elements, money() and stock() render amounts and availability.

export const h = (tag, props = {}, ...children) => {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith("on")) element.addEventListener(name.slice(2).toLowerCase(), value)
    else if (name === "dataset") Object.assign(element.dataset, value)
    else if (name in element && typeof value !== "string") element[name] = value
    else element.setAttribute(name, value === true ? "" : value)
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue
    element.append(child instanceof Node ? child : String(child))
  }
  return element
}

export const render = (...children) => {
  const view = document.getElementById("view")
  view.replaceChildren(...children.flat())
  window.scrollTo(0, 0)
}

export const money = (amount) =>
  `${amount < 0 ? "−" : ""}Tk ${Math.abs(Number(amount)).toLocaleString("en-US", { maximumFractionDigits: 2 })}`

export const priceOf = (item) =>
  item.salePrice !== null && item.salePrice !== undefined && item.salePrice < item.originalPrice
    ? h("span", { class: "price" }, money(item.salePrice), h("s", {}, money(item.originalPrice)))
    : h("span", { class: "price" }, money(item.originalPrice))

export const stock = (variant) =>
  !variant.inStock
    ? h("span", { class: "stock-out" }, "Out of stock")
    : variant.lowStock
    ? h("span", { class: "stock-low" }, "Only a few left")
    : h("span", { class: "stock-in" }, "In stock")

/** A coloured tile instead of the product image: the demo's image URLs point nowhere. */
export const thumb = (name) => {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const initials = name.split(/\s+/).slice(0, 2).map((word) => word[0]).join("")
  return h("div", { class: "thumb", style: `background: hsl(${hash % 360} 45% 52%)`, "aria-hidden": "true" }, initials)
}

let statusTimer
export const showStatus = (message, kind = "info") => {
  const status = document.getElementById("status")
  status.textContent = message
  status.className = kind === "error" ? "status error" : "status"
  status.hidden = false
  clearTimeout(statusTimer)
  if (kind !== "error") statusTimer = setTimeout(() => (status.hidden = true), 4000)
}

export const clearStatus = () => {
  document.getElementById("status").hidden = true
}

/** Runs an action of the page, showing an API problem as an error instead of failing silently. */
export const attempt = (action) => async (event) => {
  event?.preventDefault?.()
  try {
    await action(event)
  } catch (error) {
    showStatus(error.message, "error")
  }
}

export const formValues = (form) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value).trim()]))
