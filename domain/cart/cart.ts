/**
 * The cart aggregate (docs/contract/cart.md) as immutable data and pure functions. Ids and the clock come
 * in as arguments. Every successful change returns a new cart with `version` + 1, `updatedAt`
 * = now and `expiresAt` = now + the TTL. Prices and totals are not part of the aggregate: they
 * are re-read from the catalog and computed by `computeCartTotals`.
 */
import { Result, Schema } from "effect"
import { Address } from "../shipping/address.ts"
import { PaymentMethod } from "../shipping/cod-fee.ts"
import { CartId, CustomerId, LineId, ProductId, ShopId, VariantId } from "../shared/ids.ts"
import { CartCompleted } from "./errors/cart-completed.ts"
import { CartExpired } from "./errors/cart-expired.ts"
import { CartItemNotFound } from "./errors/cart-item-not-found.ts"
import { QuantityOutOfRange } from "./errors/quantity-out-of-range.ts"

export const MIN_LINE_QUANTITY = 1
export const MAX_LINE_QUANTITY = 999
export const MILLISECONDS_PER_DAY = 86_400_000

export const CartStatus = Schema.Literals(["active", "completed"])
export type CartStatus = typeof CartStatus.Type

export const LineQuantity = Schema.Int.check(Schema.isBetween({ minimum: MIN_LINE_QUANTITY, maximum: MAX_LINE_QUANTITY }))

export const CartLine = Schema.Struct({
  id: LineId,
  variantId: VariantId,
  productId: ProductId,
  quantity: LineQuantity
})
export type CartLine = typeof CartLine.Type

export const Cart = Schema.Struct({
  id: CartId,
  shopId: ShopId,
  /** `null` for a guest cart. */
  customerId: Schema.NullOr(CustomerId),
  status: CartStatus,
  lines: Schema.Array(CartLine),
  customerNote: Schema.String,
  shippingAddress: Schema.NullOr(Address),
  billingAddress: Schema.NullOr(Address),
  /** `""` when none is selected. */
  shippingMethodId: Schema.String,
  paymentMethod: PaymentMethod,
  /** The coupon's code as stored, `""` when none. */
  couponCode: Schema.String,
  version: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
  expiresAt: Schema.Date
})
export type Cart = typeof Cart.Type

/** When and with which lifetime a change happens. */
export interface CartChange {
  readonly now: Date
  readonly ttlDays: number
}

/** A line to add: `lineId` is a fresh `item_` id, used only when the variant is not in the cart yet. */
export interface NewCartLine {
  readonly lineId: LineId
  readonly variantId: VariantId
  readonly productId: ProductId
  readonly quantity: number
}

export type CartNotMutable = CartCompleted | CartExpired

export const expiryAfter = (lastUpdate: Date, ttlDays: number): Date =>
  new Date(lastUpdate.getTime() + ttlDays * MILLISECONDS_PER_DAY)

/** Only an active cart expires; a completed one is kept as the record of a checkout. */
export const isExpired = (cart: Pick<Cart, "status" | "expiresAt">, now: Date): boolean =>
  cart.status === "active" && now.getTime() >= cart.expiresAt.getTime()

const isLineQuantity = (quantity: number): boolean =>
  Number.isSafeInteger(quantity) && quantity >= MIN_LINE_QUANTITY && quantity <= MAX_LINE_QUANTITY

const checkLineQuantity = (quantity: number): Result.Result<number, QuantityOutOfRange> =>
  isLineQuantity(quantity)
    ? Result.succeed(quantity)
    : Result.fail(new QuantityOutOfRange({ quantity, minimum: MIN_LINE_QUANTITY, maximum: MAX_LINE_QUANTITY }))

/** The fields a change sets (the version and the times follow from the change). */
export type CartFields = Partial<Omit<Cart, "version" | "updatedAt" | "expiresAt">>

/** Applies a change: bumps the version and restarts the lifetime. */
export const changed = (cart: Cart, change: CartChange, fields: CartFields): Cart => ({
  ...cart,
  ...fields,
  version: cart.version + 1,
  updatedAt: change.now,
  expiresAt: expiryAfter(change.now, change.ttlDays)
})

/** A change that needs nothing but a changeable cart. */
export const changedIfMutable = (
  cart: Cart,
  change: CartChange,
  fields: CartFields
): Result.Result<Cart, CartNotMutable> => Result.map(assertMutable(cart, change.now), () => changed(cart, change, fields))

/** A change that needs a changeable cart and fields worked out for it, which may fail. */
export const changedWith = <E>(
  cart: Cart,
  change: CartChange,
  fields: () => Result.Result<CartFields, E>
): Result.Result<Cart, CartNotMutable | E> =>
  Result.flatMap(assertMutable(cart, change.now), () => Result.map(fields(), (worked) => changed(cart, change, worked)))

/** Adds a line or, when the variant is already in `lines`, adds to that line's quantity. */
const mergeLine = (
  lines: ReadonlyArray<CartLine>,
  line: NewCartLine
): Result.Result<ReadonlyArray<CartLine>, QuantityOutOfRange> =>
  Result.gen(function*() {
    yield* checkLineQuantity(line.quantity)
    const existing = lines.find((candidate) => candidate.variantId === line.variantId)
    if (existing === undefined) {
      return [...lines, { id: line.lineId, variantId: line.variantId, productId: line.productId, quantity: line.quantity }]
    }
    const quantity = yield* checkLineQuantity(existing.quantity + line.quantity)
    return lines.map((candidate) => candidate.id === existing.id ? { ...candidate, quantity } : candidate)
  })

export interface NewCart {
  readonly id: CartId
  readonly shopId: ShopId
  /** `null` for a guest. */
  readonly customerId: CustomerId | null
  readonly lines: ReadonlyArray<NewCartLine>
}

/** A new active cart at version 1, paying cash on delivery; initial lines of one variant are merged. */
export const createCart = (input: NewCart, change: CartChange): Result.Result<Cart, QuantityOutOfRange> =>
  Result.gen(function*() {
    let lines: ReadonlyArray<CartLine> = []
    for (const line of input.lines) {
      lines = yield* mergeLine(lines, line)
    }
    return {
      id: input.id,
      shopId: input.shopId,
      customerId: input.customerId,
      status: "active" as const,
      lines,
      customerNote: "",
      shippingAddress: null,
      billingAddress: null,
      shippingMethodId: "",
      paymentMethod: "cod" as const,
      couponCode: "",
      version: 1,
      createdAt: change.now,
      updatedAt: change.now,
      expiresAt: expiryAfter(change.now, change.ttlDays)
    }
  })

/** Reading is allowed while not expired (completed carts stay readable). */
export const assertNotExpired = (cart: Cart, now: Date): Result.Result<Cart, CartExpired> =>
  isExpired(cart, now) ? Result.fail(new CartExpired({ cartId: cart.id, expiresAt: cart.expiresAt })) : Result.succeed(cart)

/** Changes need an active cart that has not expired at `now`. */
export const assertMutable = (cart: Cart, now: Date): Result.Result<Cart, CartNotMutable> =>
  cart.status === "completed" ? Result.fail(new CartCompleted({ cartId: cart.id })) : assertNotExpired(cart, now)

/** Adds `quantity` of a variant; a variant already in the cart adds to its line (1..999 per line). */
export const addLine = (
  cart: Cart,
  line: NewCartLine,
  change: CartChange
): Result.Result<Cart, CartNotMutable | QuantityOutOfRange> =>
  changedWith(cart, change, () => Result.map(mergeLine(cart.lines, line), (lines) => ({ lines })))

const findLine = (cart: Cart, lineId: LineId): Result.Result<CartLine, CartItemNotFound> => {
  const line = cart.lines.find((candidate) => candidate.id === lineId)
  return line === undefined ? Result.fail(new CartItemNotFound({ cartId: cart.id, itemId: lineId })) : Result.succeed(line)
}

/**
 * Drops the lines whose variant no longer exists in the catalog (a re-import deleted it). Not a
 * change of its own: it rides along with the change being made, which bumps the version.
 */
export const dropVanishedLines = (cart: Cart, variantExists: (variantId: VariantId) => boolean): Cart =>
  cart.lines.every((line) => variantExists(line.variantId))
    ? cart
    : { ...cart, lines: cart.lines.filter((line) => variantExists(line.variantId)) }

/** A change of one of the cart's lines: the cart must be changeable and hold the line. */
const changeLine = <E>(
  cart: Cart,
  lineId: LineId,
  change: CartChange,
  newLines: () => Result.Result<ReadonlyArray<CartLine>, E>
): Result.Result<Cart, CartNotMutable | CartItemNotFound | E> =>
  Result.gen(function*() {
    yield* assertMutable(cart, change.now)
    yield* findLine(cart, lineId)
    return changed(cart, change, { lines: yield* newLines() })
  })

const withoutLine = (cart: Cart, lineId: LineId): ReadonlyArray<CartLine> => cart.lines.filter((line) => line.id !== lineId)

/** Removes a line. */
export const removeLine = (
  cart: Cart,
  lineId: LineId,
  change: CartChange
): Result.Result<Cart, CartNotMutable | CartItemNotFound> =>
  changeLine(cart, lineId, change, () => Result.succeed(withoutLine(cart, lineId)))

/** Sets a line's quantity (1..999); 0 removes the line. */
export const setLineQuantity = (
  cart: Cart,
  lineId: LineId,
  quantity: number,
  change: CartChange
): Result.Result<Cart, CartNotMutable | CartItemNotFound | QuantityOutOfRange> =>
  changeLine(cart, lineId, change, () =>
    quantity === 0
      ? Result.succeed(withoutLine(cart, lineId))
      : Result.map(checkLineQuantity(quantity), () => cart.lines.map((line) => line.id === lineId ? { ...line, quantity } : line)))
