/**
 * The cart as the storefront sees it (interface Cart, CartItem, Address; docs/contract/conventions.md and docs/contract/cart.md):
 * money in major units, timestamps as ISO strings, plain-string fields `""` when empty. And the
 * request bodies of the cart routes.
 */
import { Schema } from "effect"
import { LineQuantity, MAX_LINE_QUANTITY } from "../../../domain/cart/cart.ts"
import { CartId, LineId, ProductId, VariantId } from "../../../domain/shared/ids.ts"
import { Address } from "../../../domain/shipping/address.ts"
import { PaymentMethod } from "../../../domain/shipping/cod-fee.ts"

/** The stored address's fields, all strings. */
export const AddressView = Schema.Struct({
  ...Address.fields,
  /**
   * Not in the interface's field list: the contact email a guest checkout links the order by.
   * Present only when the client gave one, so an address without it has exactly the interface's fields.
   */
  email: Schema.optionalKey(Schema.String)
}).annotate({ identifier: "Address" })
export type AddressView = typeof AddressView.Type

export const CartItemView = Schema.Struct({
  id: LineId,
  productId: ProductId,
  variantId: VariantId,
  quantity: Schema.Int,
  unitPrice: Schema.Finite,
  compareAtPrice: Schema.Finite,
  lineTotal: Schema.Finite,
  product: Schema.Struct({ name: Schema.String, slug: Schema.String, thumbnail: Schema.String }),
  variant: Schema.Struct({
    images: Schema.Array(Schema.String),
    inStock: Schema.Boolean,
    lowStock: Schema.Boolean,
    optionValues: Schema.Record(Schema.String, Schema.String)
  })
}).annotate({ identifier: "CartItem" })
export type CartItemView = typeof CartItemView.Type

export const CartView = Schema.Struct({
  id: CartId,
  shopId: Schema.String,
  customerId: Schema.String,
  status: Schema.String,
  items: Schema.Array(CartItemView),
  itemCount: Schema.Int,
  subtotal: Schema.Finite,
  discountTotal: Schema.Finite,
  couponCode: Schema.String,
  couponDiscount: Schema.Finite,
  shippingFee: Schema.Finite,
  codFee: Schema.Finite,
  total: Schema.Finite,
  shippingAddress: AddressView,
  billingAddress: AddressView,
  shippingMethodId: Schema.String,
  shippingMethodName: Schema.String,
  paymentMethod: Schema.String,
  customerNote: Schema.String,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  expiresAt: Schema.String
}).annotate({ identifier: "Cart" })
export type CartView = typeof CartView.Type

/** The most initial items a cart can be created with in one request. */
export const MAX_INITIAL_ITEMS = 100
export const CUSTOMER_NOTE_MAX_LENGTH = 1000
export const COUPON_CODE_MAX_LENGTH = 100

const Id = Schema.String.check(Schema.isBetweenLength(1, 200))

export const NewCartItemBody = Schema.Struct({ variantId: Id.pipe(Schema.brand("VariantId")), quantity: LineQuantity })

export const CreateCartBody = Schema.Struct({
  shopId: Schema.optionalKey(Id.pipe(Schema.brand("ShopId"))),
  items: Schema.optionalKey(Schema.Array(NewCartItemBody).check(Schema.isMaxLength(MAX_INITIAL_ITEMS)))
}).annotate({ identifier: "CreateCart" })

export const AddCartItemBody = NewCartItemBody.annotate({ identifier: "AddCartItem" })

export const UpdateCartItemBody = Schema.Struct({
  /** 0 removes the line. */
  quantity: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_LINE_QUANTITY }))
}).annotate({ identifier: "UpdateCartItem" })

export const CartNoteBody = Schema.Struct({
  /** Absent clears the note. */
  note: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(CUSTOMER_NOTE_MAX_LENGTH)))
}).annotate({ identifier: "CartNote" })

export const ShippingMethodChoiceBody = Schema.Struct({ shippingMethodId: Id.pipe(Schema.brand("ShippingMethodId")) }).annotate({ identifier: "ShippingMethodChoice" })

export const PaymentMethodChoiceBody = Schema.Struct({ paymentMethod: PaymentMethod }).annotate({
  identifier: "PaymentMethodChoice"
})

export const CouponCodeBody = Schema.Struct({
  code: Schema.String.check(Schema.isBetweenLength(1, COUPON_CODE_MAX_LENGTH))
}).annotate({ identifier: "CouponCode" })

/**
 * Checkout takes no body (an empty body decodes as `null`); an empty JSON object is accepted
 * too, anything else is rejected.
 */
export const CheckoutBody = [
  Schema.Struct({
    saveAddress: Schema.optionalKey(Schema.Boolean).annotate({
      description: "Signed in: false keeps the shipping address out of the address book (default true)"
    })
  }).annotate({ identifier: "CheckoutOptions", description: "Checkout options; no body or {} takes the defaults" }),
  Schema.Null
] as const
