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

/** Digits grouped as Bangladesh reads them: the last three, then pairs (1,00,000 and 12,34,567). */
const lakhGrouping = (digits) => {
  if (digits.length <= 3) return digits
  const head = digits.slice(0, -3)
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`
}

/**
 * An amount of taka as a Bangladeshi shopper reads it: `Tk 1,00,000`, `−Tk 50`, and paisa only
 * when there are some (`Tk 99.50`), never a stray `.00` or a float's tail.
 */
export const money = (amount) => {
  const paisa = Math.round(Math.abs(Number(amount)) * 100)
  const taka = lakhGrouping(String(Math.floor(paisa / 100)))
  const fraction = paisa % 100 === 0 ? "" : `.${String(paisa % 100).padStart(2, "0")}`
  return `${Number(amount) < 0 && paisa > 0 ? "−" : ""}Tk ${taka}${fraction}`
}

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
