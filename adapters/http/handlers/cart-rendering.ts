/**
 * A priced cart as the storefront's Cart JSON (docs/contract/conventions.md, docs/contract/cart.md): major units, ISO timestamps,
 * `""` for empty plain strings, an address with every field `""` when none was given. The JSON
 * text is built here once and sent as is (it is also what an Idempotency-Key replays), with
 * `ETag: "<version>"`.
 */
import type { PricedCart } from "../../../application/cart/priced-cart.ts"
import type { RecordedResponse } from "../../../application/idempotency/recorded-response.ts"
import type { Cart } from "../../../domain/cart/cart.ts"
import { isInStock, isLowStock } from "../../../domain/catalog/catalog-product.ts"
import { toMajor } from "../../../domain/shared/money.ts"
import type { Address } from "../../../domain/shipping/address.ts"
import type { AddressView, CartView } from "../api/cart-views.ts"

const NO_ADDRESS: AddressView = {
  name: "",
  phone: "",
  house: "",
  road: "",
  thana: "",
  district: "",
  division: "",
  city: "",
  postcode: "",
  country: "",
  note: ""
}

export const addressView = (address: Address | null): AddressView =>
  address === null ? NO_ADDRESS : {
    name: address.name,
    phone: address.phone,
    house: address.house,
    road: address.road,
    thana: address.thana,
    district: address.district,
    division: address.division,
    city: address.city,
    postcode: address.postcode,
    country: address.country,
    note: address.note,
    ...(address.email === "" ? {} : { email: address.email })
  }

export const cartView = ({ cart, lines, totals, shippingMethodName }: PricedCart): CartView => ({
  id: cart.id,
  shopId: cart.shopId,
  customerId: cart.customerId ?? "",
  status: cart.status,
  items: lines.map(({ line, variant, unitPrice, compareAtPrice, lineTotal }) => ({
    id: line.id,
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    unitPrice: toMajor(unitPrice),
    compareAtPrice: toMajor(compareAtPrice),
    lineTotal: toMajor(lineTotal),
    product: { name: variant.productName, slug: variant.productSlug, thumbnail: variant.thumbnail ?? "" },
    variant: {
      images: variant.images,
      inStock: isInStock(variant),
      lowStock: isLowStock(variant),
      optionValues: variant.optionValues
    }
  })),
  itemCount: totals.itemCount,
  subtotal: toMajor(totals.subtotal),
  discountTotal: toMajor(totals.discountTotal),
  couponCode: cart.couponCode,
  couponDiscount: toMajor(totals.couponDiscount),
  shippingFee: toMajor(totals.shippingFee),
  codFee: toMajor(totals.codFee),
  total: toMajor(totals.total),
  shippingAddress: addressView(cart.shippingAddress),
  billingAddress: addressView(cart.billingAddress),
  shippingMethodId: cart.shippingMethodId,
  shippingMethodName,
  paymentMethod: cart.paymentMethod,
  customerNote: cart.customerNote,
  createdAt: cart.createdAt.toISOString(),
  updatedAt: cart.updatedAt.toISOString(),
  expiresAt: cart.expiresAt.toISOString()
})

export const cartEtag = (cart: Pick<Cart, "version">): string => `"${cart.version}"`

export const cartResponse = (priced: PricedCart, status = 200): RecordedResponse => ({
  status,
  headers: { etag: cartEtag(priced.cart) },
  body: JSON.stringify(cartView(priced))
})
