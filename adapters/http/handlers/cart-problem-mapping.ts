/**
 * The cart and checkout use cases' errors as problems, from the cart group's tables
 * (problems/cart-problem-table.ts).
 */
import { cartProblems, cartProblemsWithQuantity } from "../problems/cart-problem-table.ts"
import { answerWith } from "./answer-with.ts"

/** Store outages escape as defects (503 at the edge); every other failure becomes its problem. */
export const asCartProblems = answerWith(cartProblems)

/** The same on a route whose body has line quantities, at `quantityPath`. */
export const asCartProblemsWithQuantity = (quantityPath: string) => answerWith(cartProblemsWithQuantity(quantityPath))
