/**
 * Use case core: every change of a cart (docs/contract/cart.md). The cart is read with its variants' store
 * data; then it must be visible to the requester (else CartNotFound), still changeable
 * (CartExpired, CartCompleted) and at the version the client expects when it sent If-Match
 * (CartVersionMismatch); it is claimed by the signed-in customer if it was a guest cart, rid of
 * lines whose variant no longer exists, changed by the command with prices and stock read from
 * the store, saved, and priced for the response.
 *
 * Concurrent changes of one cart lose nothing. A change first runs optimistically: a snapshot
 * read and a write that only lands while the cart is still at the version it read (one
 * statement each on SQL, no transaction). When another change got there first, the change is
 * made again from the start inside a unit of work that holds the cart's lock, where nobody can
 * get in between: the common uncontended change costs two round trips, and a contended one
 * still completes (it queues on the lock instead of retrying without end).
 */
import { Clock, Effect, Option, Schedule } from "effect"
import { assertMutable, type Cart, type CartChange, dropVanishedLines } from "../../domain/cart/cart.ts"
import { assertVersionIn, claimByCustomer } from "../../domain/cart/cart-guards.ts"
import { CartNotFound } from "../../domain/cart/errors/cart-not-found.ts"
import type { CartId, VariantId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { assertVisibleTo, type CartRequester, claimsCart } from "./cart-requester.ts"
import type { CartReadMode } from "./cart-repository.ts"
import { CartChangedMeanwhile } from "./errors/cart-changed-meanwhile.ts"
import type { CartVariant } from "./cart-variant.ts"
import { priceCart } from "./priced-cart.ts"
import { couponOf } from "./pricing-inputs.ts"
import { currentShippingOptions } from "./shipping-options.ts"

/** If-Match: the versions the client expects the cart to be at; `null` when it sent none (or `*`). */
export type ExpectedVersions = ReadonlyArray<number> | null

export interface CartChangeRequest {
  readonly cartId: CartId
  readonly requester: CartRequester
  readonly expectedVersions: ExpectedVersions
}

export interface CartCommandContext {
  readonly change: CartChange
  /** The store's data of the cart's variants and of those the command adds, by id. */
  readonly variants: ReadonlyMap<VariantId, CartVariant>
}

export interface CartCommand<E, R> {
  /** Variants the command may put in the cart (loaded together with the lines' variants). */
  readonly addsVariants?: ReadonlyArray<VariantId>
  readonly apply: (cart: Cart, context: CartCommandContext) => Effect.Effect<Cart, E, R>
}

export const currentCartChange = (ports: CartPorts) =>
  Effect.map(Clock.currentTimeMillis, (millis): CartChange => ({ now: new Date(millis), ttlDays: ports.settings.ttlDays }))

/** What the store found under the cart id, or CartNotFound. */
const foundOrNotFound = <A>(found: Option.Option<A>, cartId: CartId): Effect.Effect<A, CartNotFound> =>
  Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new CartNotFound({ cartId }))

/** A stored cart, once it is visible to the requester, changeable and at the expected version; claimed if it was a guest's. */
const admitChange = (stored: Cart, request: CartChangeRequest, change: CartChange) =>
  Effect.gen(function*() {
    const cart = yield* Effect.fromResult(assertVisibleTo(stored, request.requester))
    yield* Effect.fromResult(assertMutable(cart, change.now))
    if (request.expectedVersions !== null) yield* Effect.fromResult(assertVersionIn(cart, request.expectedVersions))
    return claimsCart(cart, request.requester)
      ? yield* Effect.fromResult(claimByCustomer(cart, request.requester.customerId, change))
      : cart
  })

/** The cart, locked until the unit of work ends and admitted for the change (checkout). */
export const lockCartForChange = (ports: CartPorts, request: CartChangeRequest, change: CartChange) =>
  Effect.flatMap(
    ports.carts.findByIdForUpdate(request.cartId),
    (stored) => Effect.flatMap(foundOrNotFound(stored, request.cartId), (cart) => admitChange(cart, request, change))
  )

/** The variants of lines the locked read could not see (added meanwhile, or gone), read again. */
const withEveryLineVariant = (ports: CartPorts, cart: Cart, variants: ReadonlyMap<VariantId, CartVariant>) =>
  Effect.gen(function*() {
    const missing = cart.lines.map((line) => line.variantId).filter((variantId) => !variants.has(variantId))
    if (missing.length === 0) return variants
    const found = yield* ports.inventory.variantsForShop(cart.shopId, missing)
    return new Map([...variants, ...found])
  })

/** One try at a change: read (as a snapshot or locked), decide, and write if nobody changed the cart meanwhile. */
const attemptChange = <E, R>(
  ports: CartPorts,
  request: CartChangeRequest,
  command: CartCommand<E, R>,
  mode: CartReadMode
) =>
  Effect.gen(function*() {
    const { carts } = ports
    const change = yield* currentCartChange(ports)
    const { cart: stored, variants: storedVariants } = yield* foundOrNotFound(
      yield* carts.findForChange(request.cartId, command.addsVariants ?? [], mode),
      request.cartId
    )
    const admitted = yield* admitChange(stored, request, change)
    const variants = yield* withEveryLineVariant(ports, admitted, storedVariants)
    const cart = dropVanishedLines(admitted, (variantId) => variants.has(variantId))
    const changed = yield* command.apply(cart, { change, variants })
    if (!(yield* carts.updateIfVersion(changed, stored.version))) {
      return yield* new CartChangedMeanwhile({ cartId: request.cartId })
    }
    return priceCart(changed, {
      variants,
      coupon: yield* couponOf(ports.coupons, changed),
      shippingOptions: currentShippingOptions(ports.readModel)
    })
  })

/**
 * Under the lock the write cannot lose on SQL; the in-memory store has no row locks for
 * optimistic writers, so a locked try may still lose there and is made again.
 */
const LOCKED_RETRIES = Schedule.recurs(20)

export const changeCart = <E, R>(ports: CartPorts, request: CartChangeRequest, command: CartCommand<E, R>) =>
  attemptChange(ports, request, command, "snapshot").pipe(
    Effect.catchTag("CartChangedMeanwhile", () =>
      ports.transactions.atomically(attemptChange(ports, request, command, "locked")).pipe(
        Effect.retry({ while: (error) => error instanceof CartChangedMeanwhile, schedule: LOCKED_RETRIES })
      )),
    Effect.catchTag("CartChangedMeanwhile", () =>
      Effect.die(new Error(`cart ${request.cartId}: a locked change kept losing to concurrent writers`)))
  )
