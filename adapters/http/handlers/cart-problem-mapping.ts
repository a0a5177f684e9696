/**
 * The cart and checkout use cases' errors as problems: the cart group's table
 * (problems/cart-problem-table.ts), plus the errors about a request field.
 */
import { Effect } from "effect"
import type { ShopIdRequired } from "../../../application/cart/errors/shop-id-required.ts"
import type { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"
import type { QuantityOutOfRange } from "../../../domain/cart/errors/quantity-out-of-range.ts"
import { cartProblems } from "../problems/cart-problem-table.ts"
import { type ErrorOf, problemOf } from "../problems/problem-table.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import { unavailableAsDefect } from "./unavailable-as-defect.ts"

const invalidField = (path: string, message: string) =>
  new ValidationFailed({ detail: "Invalid request payload", errors: [{ path, message }] })

/**
 * Cart errors that are about a request field: 400 `validation_failed` (declared API-wide by the
 * validation middleware). A line quantity outside 1..999 (after merging) names the field that
 * asked for it, so only the routes that take a quantity answer it.
 */
const shopIdRequired = (error: ShopIdRequired) =>
  invalidField("shopId", `Required: the publishable key scopes ${error.shopCount} shops`)

const quantityOutOfRange = (quantityPath: string) => (error: QuantityOutOfRange) =>
  invalidField(
    quantityPath,
    `Expected a line quantity between ${error.minimum} and ${error.maximum}, got ${error.quantity}`
  )

type CartError = ErrorOf<typeof cartProblems> | ShopIdRequired
const cartProblemOf = problemOf(cartProblems)

const toCartProblem = (error: CartError) =>
  error._tag === "ShopIdRequired" ? shopIdRequired(error) : cartProblemOf(error)

/** Store outages escape as defects (503 at the edge); every other failure becomes its problem. */
export const asCartProblems = <A, E extends CartError, R>(effect: Effect.Effect<A, E | StoreUnavailable, R>) =>
  Effect.mapError(unavailableAsDefect(effect), toCartProblem)

/** The same on a route whose body has line quantities, at `quantityPath`. */
export const asCartProblemsWithQuantity = (quantityPath: string) =>
<A, E extends CartError | QuantityOutOfRange, R>(effect: Effect.Effect<A, E | StoreUnavailable, R>) =>
  Effect.mapError(
    unavailableAsDefect(effect),
    (error) => error._tag === "QuantityOutOfRange" ? quantityOutOfRange(quantityPath)(error) : toCartProblem(error)
  )
