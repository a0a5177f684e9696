/** /customers/me: the signed-in customer's profile (docs/contract/orders.md); the bearer token is required. */
import { HttpApiGroup, OpenApi } from "effect/http-api"
import { customerProblems } from "../problems/account-problem-table.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"
import { CustomerView, UpdateProfileBody } from "./customer-views.ts"
import { endpointsOf } from "./documented-endpoint.ts"

const endpoint = endpointsOf(customerProblems)

export class CustomerApiGroup extends HttpApiGroup.make("customer").add(
  endpoint.get("getProfile", "/customers/me", { success: CustomerView }, {
    summary: "Get my profile",
    description: "The signed-in customer, with whether their email and phone are verified.",
    examples: {
      response: {
        id: "cus_4f7k2m9q3w8e1r6t5y0u",
        name: "Nusrat Jahan",
        email: "nusrat@example.com",
        phone: "+8801712345678",
        avatarUrl: null,
        defaultShippingAddressId: null,
        createdAt: "2026-11-20T09:30:00.000Z",
        emailVerified: true,
        phoneVerified: false
      }
    }
  }),
  endpoint.patch("updateProfile", "/customers/me", { payload: UpdateProfileBody, success: CustomerView }, {
    summary: "Update my profile",
    description: "Changes the name, email or phone (`null` clears a contact). A changed contact is unverified " +
      "again until a code proves it. `defaultShippingAddressId` names one of my saved addresses (or `null`).",
    examples: { request: { name: "Nusrat J.", phone: "+8801812345678" } }
  })
).annotate(OpenApi.Description, "The signed-in customer's profile (bearer token required)").middleware(CustomerAuthMiddleware) {}
