// The catalog: category tree, listing with disjunctive facets (checkboxes), price range, sort,
// search and pages; the product page with variant choice, stock and "add to cart".
import { api, language } from "./api.js"
import { addToCart } from "./cart-view.js"
import { attempt, formValues, h, money, priceOf, render, stock, thumb } from "./dom.js"

const PAGE_SIZE = 12
const SORTS = [
  ["", "Newest"],
  ["price:asc", "Price: low to high"],
  ["price:desc", "Price: high to low"],
  ["name:asc", "Name"],
  ["bestselling:desc", "Best selling"]
]

/** The category tree per language (its names are in Bangla where translated). */
const categoryTrees = new Map()
const categories = async () => {
  const chosen = language.get()
  if (!categoryTrees.has(chosen)) categoryTrees.set(chosen, (await api.get("/categories", { rootOnly: true })).data)
  return categoryTrees.get(chosen)
}

/** The listing's filters live in the hash (#/?…), so every state has a link and Back works. */
const listingHash = (filters) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== "") search.set(name, value)
  const text = search.toString()
  return text === "" ? "#/" : `#/?${text}`
}

const escapeAttribute = (text) => text.replace(/[\\,|:]/g, (char) => `\\${char}`)

/** `key:v1|v2,key2:v3` (docs/contract/catalog.md) from the chosen values per attribute key, and back. */
const attributeParam = (chosen) =>
  Object.entries(chosen)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => `${escapeAttribute(key)}:${values.map(escapeAttribute).join("|")}`)
    .join(",")

const parseAttributeParam = (text) => {
  const chosen = {}
  for (const group of (text ?? "").split(/(?<!\\),/)) {
    const separator = group.search(/(?<!\\):/)
    if (separator < 1) continue
    const unescape = (part) => part.replace(/\\(.)/g, "$1")
    chosen[unescape(group.slice(0, separator))] = group.slice(separator + 1).split(/(?<!\\)\|/).map(unescape)
  }
  return chosen
}

const categoryList = (nodes, current) =>
  h("ul", {}, nodes.map((category) =>
    h(
      "li",
      {},
      h("a", { href: listingHash({ categorySlug: category.slug }), class: category.slug === current ? "current" : undefined }, category.name),
      " ",
      h("span", { class: "count" }, `(${category.productCount})`),
      category.children.length > 0 ? categoryList(category.children, current) : undefined
    )
  ))

const checkboxGroup = (title, name, options, chosen, onToggle) =>
  h(
    "fieldset",
    { class: "facet panel", dataset: { facet: name } },
    h("legend", {}, h("strong", {}, title)),
    options.map((option) =>
      h(
        "label",
        {},
        h("input", {
          type: "checkbox",
          name,
          value: option.value,
          checked: chosen.includes(option.value),
          onchange: (event) => onToggle(option.value, event.target.checked)
        }),
        ` ${option.label ?? option.value} `,
        h("span", { class: "count" }, `(${option.count})`)
      )
    )
  )

const productCard = (product) =>
  h(
    "article",
    { class: "card", dataset: { slug: product.slug } },
    thumb(product.name),
    h("a", { href: `#/p/${encodeURIComponent(product.slug)}`, class: "product-link" }, product.name),
    h("div", {}, product.priceRange.minPrice === product.priceRange.maxPrice
      ? priceOf(product)
      : h("span", { class: "price" }, `from ${priceOf({ originalPrice: product.priceRange.minPrice }).textContent}`)),
    product.availableForSale ? h("span", { class: "stock-in" }, "Available") : h("span", { class: "stock-out" }, "Sold out")
  )

export const showListing = async (filters) => {
  const page = Number(filters.page ?? "1")
  const [tree, first] = await Promise.all([
    categories(),
    api.get("/products", { ...filters, page, limit: PAGE_SIZE, includeFacets: true })
  ])
  // a search that finds nothing shows what the closest term finds, and says so
  const corrected = first.total === 0 && first.didYouMean && filters.search ? first.didYouMean : undefined
  const listing = corrected === undefined
    ? first
    : await api.get("/products", { ...filters, search: corrected, page, limit: PAGE_SIZE, includeFacets: true })
  const go = (changes) => (location.hash = listingHash({ ...filters, page: undefined, ...changes }))
  const tags = (filters.tags ?? "").split(",").filter(Boolean)
  const attributes = parseAttributeParam(filters.attributes)
  const toggle = (list, value, on) => on ? [...list, value] : list.filter((item) => item !== value)
  const facets = listing.facets

  const priceForm = h(
    "form",
    {
      class: "panel",
      id: "price-range",
      onsubmit: (event) => {
        event.preventDefault()
        const { minPrice, maxPrice } = formValues(event.target)
        go({ minPrice, maxPrice })
      }
    },
    h("h3", {}, "Price"),
    // an empty selection has no prices ("Tk 0 – Tk 0" would read as free products)
    h("p", { class: "count" }, listing.total === 0 ? "No products in this selection" : `In this selection: ${money(facets.priceRange.min)} – ${money(facets.priceRange.max)}`),
    h("label", {}, h("span", {}, "From"), h("input", { name: "minPrice", type: "number", min: "0", value: filters.minPrice ?? "", size: 6 })),
    h("label", {}, h("span", {}, "To"), h("input", { name: "maxPrice", type: "number", min: "0", value: filters.maxPrice ?? "", size: 6 })),
    h("button", { type: "submit" }, "Apply")
  )

  const sidebar = h(
    "aside",
    {},
    h("nav", { class: "panel", "aria-label": "Categories" }, h("h2", {}, h("a", { href: "#/" }, "All categories")), h("div", { class: "tree" }, categoryList(tree, filters.categorySlug))),
    checkboxGroup("Availability", "inStock", [{ value: "true", label: "In stock", count: facets.availability.inStock }], filters.inStock === "true" ? ["true"] : [], (_, on) => go({ inStock: on ? "true" : undefined })),
    priceForm,
    checkboxGroup("Tags", "tags", facets.tags, tags, (value, on) => go({ tags: toggle(tags, value, on).join(",") })),
    facets.attributes.map((attribute) =>
      checkboxGroup(attribute.key[0].toUpperCase() + attribute.key.slice(1), `attribute-${attribute.key}`, attribute.values, attributes[attribute.key] ?? [], (value, on) =>
        go({ attributes: attributeParam({ ...attributes, [attribute.key]: toggle(attributes[attribute.key] ?? [], value, on) }) }))
    )
  )

  const sortValue = filters.sortBy === undefined ? "" : `${filters.sortBy}:${filters.sortOrder ?? "asc"}`
  const toolbar = h(
    "div",
    { class: "toolbar" },
    h("strong", { id: "result-count" }, `${listing.total} products`),
    filters.search ? h("span", {}, `matching “${corrected ?? filters.search}”`) : undefined,
    h("label", {}, "Sort ", h("select", {
      name: "sort",
      onchange: (event) => {
        const [sortBy, sortOrder] = event.target.value.split(":")
        go({ sortBy: sortBy || undefined, sortOrder })
      }
    }, SORTS.map(([value, label]) => h("option", { value, selected: value === sortValue }, label)))),
    Object.keys(filters).length > 0 ? h("a", { href: "#/" }, "Clear all") : undefined
  )

  const pager = h(
    "div",
    { class: "pager" },
    h("button", { class: "secondary", disabled: page <= 1, onclick: () => go({ ...filters, page: String(page - 1) }) }, "Previous"),
    h("span", {}, `Page ${listing.page} of ${Math.max(listing.totalPages, 1)}`),
    h("button", { class: "secondary", disabled: page >= listing.totalPages, onclick: () => go({ ...filters, page: String(page + 1) }) }, "Next")
  )

  render(h(
    "div",
    { class: "layout" },
    sidebar,
    h(
      "section",
      {},
      corrected === undefined
        ? undefined
        : h("p", { class: "did-you-mean", id: "did-you-mean" }, "Showing results for ", h("strong", {}, corrected), ` (nothing matches “${filters.search}”)`),
      toolbar,
      h("div", { class: "grid", id: "products" }, listing.data.map(productCard)),
      pager
    )
  ))
}

const variantFor = (product, chosen) =>
  product.variants.find((variant) => Object.entries(chosen).every(([key, value]) => variant.optionValues[key] === value))

export const showProduct = async (slug) => {
  const product = await api.get(`/products/by-slug/${encodeURIComponent(slug)}`)
  const chosen = {}
  const firstInStock = product.variants.find((variant) => variant.inStock) ?? product.variants[0]
  for (const option of product.variantOptions) chosen[option.key] = firstInStock.optionValues[option.key] ?? option.values[0]

  const detail = h("div", {})
  const draw = () => {
    const variant = variantFor(product, chosen)
    const quantity = h("input", { type: "number", name: "quantity", min: "1", max: "999", value: "1", size: 4 })
    detail.replaceChildren(...[
      product.variantOptions.map((option) =>
        h("div", { class: "options", dataset: { option: option.key } }, h("strong", {}, `${option.key}: `), option.values.map((value) =>
          h("button", {
            type: "button",
            class: value === chosen[option.key] ? "secondary chosen" : "secondary",
            onclick: () => {
              chosen[option.key] = value
              draw()
            }
          }, value)))
      ),
      variant === undefined
        ? h("p", { class: "stock-out" }, "This combination is not sold")
        : h(
          "div",
          {},
          h("p", {}, priceOf(variant), " · ", h("span", { id: "variant-stock" }, stock(variant)), " · ", h("span", { class: "muted" }, `SKU ${variant.sku}`)),
          h("p", {}, h("label", {}, h("span", {}, "Quantity"), quantity), h("button", {
            id: "add-to-cart",
            disabled: !variant.inStock,
            onclick: attempt(() => addToCart(variant.id, Number(quantity.value), product.name))
          }, "Add to cart"))
        )
    ].flat())
  }
  draw()

  const attributes = Object.entries(product.attributes ?? {})
  render(
    h("p", {}, h("a", { href: "#/" }, "All products"), product.categories.map((category) => [" / ", h("a", { href: listingHash({ categorySlug: category.slug }) }, category.name)])),
    h(
      "div",
      { class: "product" },
      thumb(product.name),
      h(
        "section",
        { class: "panel" },
        h("h1", { id: "product-name" }, product.name),
        h("p", {}, product.description),
        detail,
        attributes.length > 0 ? h("table", {}, attributes.map(([key, attribute]) => h("tr", {}, h("th", {}, key), h("td", {}, attribute.value)))) : undefined,
        product.tags.length > 0 ? h("p", { class: "muted" }, `Tags: ${product.tags.join(", ")}`) : undefined,
        product.sizeGuide ? h("p", { class: "muted" }, `${product.sizeGuide.name}: ${product.sizeGuide.content}`) : undefined
      )
    )
  )
}
