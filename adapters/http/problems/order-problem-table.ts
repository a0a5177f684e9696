/** The order routes' errors (docs/contract/orders.md), declared once per route. */
import type { OrderNotFound } from "../../../domain/order/errors/order-not-found.ts"
import { emailVerificationRequired } from "./account-problem-table.ts"
import { OrderNotFoundProblem } from "./order-problems.ts"
import { answer, answerDetail, problemTable } from "./problem-table.ts"

/** The accounts rule on orders: 403 until the email is verified (application/customer/customer-orders-access.ts). */
const mustVerifyEmail = emailVerificationRequired("Verify your email (verify_email code) to see your orders")

export const orderProblems = {
  listOrders: problemTable({ EmailVerificationRequired: mustVerifyEmail }),
  getOrder: problemTable({
    OrderNotFound: answerDetail(OrderNotFoundProblem, (error: OrderNotFound) =>
      `No order "${error.orderId}" of yours in this shop`),
    EmailVerificationRequired: mustVerifyEmail
  })
}
