/**
 * The cart capability (docs/contract/cart.md): creating, reading and changing carts, as one service. Its
 * layer takes the ports once; each method is a traced span (`Cart.*`). The use cases themselves
 * are the functions of this folder, over {@link CartPorts}.
 */
import { Context, Effect, Layer } from "effect"
import type { CartId, ShippingMethodId, ShopId } from "../../domain/shared/ids.ts"
import type { PaymentMethod } from "../../domain/shipping/cod-fee.ts"
import { CustomerService } from "../customer/customer-service.ts"
import { addCartItem, type AddCartItemRequest } from "./add-cart-item.ts"
import { applyCartCoupon, removeCartCoupon } from "./cart-coupon.ts"
import { cartPorts } from "./cart-ports.ts"
import type { CartRequester } from "./cart-requester.ts"
import type { CartChangeRequest } from "./change-cart.ts"
import { chooseCartShop } from "./choose-cart-shop.ts"
import { createCart, type CreateCartRequest } from "./create-cart.ts"
import { getCart } from "./get-cart.ts"
import { removeCartItem, type RemoveCartItemRequest } from "./remove-cart-item.ts"
import { type CartAddressRequest, resolveCartAddress, setCartBillingAddress, setCartShippingAddress } from "./set-cart-addresses.ts"
import { setCartNote } from "./set-cart-note.ts"
import { setCartPaymentMethod } from "./set-cart-payment-method.ts"
import { setCartShippingMethod } from "./set-cart-shipping-method.ts"
import { updateCartItem, type UpdateCartItemRequest } from "./update-cart-item.ts"

const make = Effect.gen(function*() {
  const ports = yield* cartPorts
  const customer = yield* CustomerService
  return {
    /** The shop a new cart belongs to, among the key's shops (choose-cart-shop.ts). */
    chooseShop: Effect.fn("Cart.chooseShop")((requested: ShopId | undefined, keyShopIds: ReadonlyArray<ShopId>) =>
      chooseCartShop(ports.readModel, requested, keyShopIds)
    ),
    create: Effect.fn("Cart.create")((request: CreateCartRequest) => createCart(ports, request)),
    get: Effect.fn("Cart.get")((cartId: CartId, requester: CartRequester) => getCart(ports, cartId, requester)),
    addItem: Effect.fn("Cart.addItem")((request: AddCartItemRequest) => addCartItem(ports, request)),
    updateItem: Effect.fn("Cart.updateItem")((request: UpdateCartItemRequest) => updateCartItem(ports, request)),
    removeItem: Effect.fn("Cart.removeItem")((request: RemoveCartItemRequest) => removeCartItem(ports, request)),
    setNote: Effect.fn("Cart.setNote")((request: CartChangeRequest & { readonly note: string }) =>
      setCartNote(ports, request)
    ),
    /** The address a request names: given, or copied from the signed-in requester's address book. */
    resolveAddress: resolveCartAddress(customer),
    setShippingAddress: Effect.fn("Cart.setShippingAddress")((request: CartAddressRequest) =>
      setCartShippingAddress(ports, request)
    ),
    setBillingAddress: Effect.fn("Cart.setBillingAddress")((request: CartAddressRequest) =>
      setCartBillingAddress(ports, request)
    ),
    setShippingMethod: Effect.fn("Cart.setShippingMethod")(
      (request: CartChangeRequest & { readonly shippingMethodId: ShippingMethodId }) => setCartShippingMethod(ports, request)
    ),
    setPaymentMethod: Effect.fn("Cart.setPaymentMethod")(
      (request: CartChangeRequest & { readonly paymentMethod: PaymentMethod }) => setCartPaymentMethod(ports, request)
    ),
    applyCoupon: Effect.fn("Cart.applyCoupon")((request: CartChangeRequest & { readonly code: string }) =>
      applyCartCoupon(ports, request)
    ),
    removeCoupon: Effect.fn("Cart.removeCoupon")((request: CartChangeRequest) => removeCartCoupon(ports, request))
  }
})

export class CartService extends Context.Service<CartService, Effect.Success<typeof make>>()("storefront/CartService") {
  /** Needs the cart ports (cart-ports.ts) and the CustomerService (saved addresses). */
  static readonly layer = Layer.effect(CartService, make)
}
