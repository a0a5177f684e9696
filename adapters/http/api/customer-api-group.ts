/** /customers/me: the signed-in customer's profile (CONTRACT §7); the bearer token is required. */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { EmailAlreadyRegisteredProblem, EmailVerificationRequiredProblem } from "../problems/auth-problems.ts"
import { AddressNotFoundProblem } from "../problems/address-problems.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"
import { CustomerView, UpdateProfileBody } from "./customer-views.ts"

export class CustomerApiGroup extends HttpApiGroup.make("customer").add(
  HttpApiEndpoint.get("getProfile", "/customers/me", { success: CustomerView }),
  HttpApiEndpoint.patch("updateProfile", "/customers/me", {
    payload: UpdateProfileBody,
    success: CustomerView,
    error: [EmailAlreadyRegisteredProblem, EmailVerificationRequiredProblem, AddressNotFoundProblem]
  })
).middleware(CustomerAuthMiddleware) {}
