/** Handlers of /customers/me (the customer comes from the bearer middleware). */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CustomerService } from "../../../application/customer/customer-service.ts"
import { type Customer, isEmailVerified, isPhoneVerified } from "../../../domain/customer/customer.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { customerProblems } from "../problems/account-problem-table.ts"
import { answerWith } from "./answer-with.ts"
import { asSignedIn } from "./signed-in.ts"

/** The profile as its owner may see it (application profileAsSeen: an unproven linked account shows only what the registrant gave). */
export const toCustomerView = (customer: Customer) => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  phone: customer.phone,
  avatarUrl: customer.avatarUrl,
  defaultShippingAddressId: customer.defaultShippingAddressId,
  createdAt: customer.createdAt.toISOString(),
  emailVerified: isEmailVerified(customer),
  phoneVerified: isPhoneVerified(customer)
})

export const layer = HttpApiBuilder.group(StorefrontApi, "customer", (handlers) =>
  Effect.map(CustomerService, (customer) =>
    handlers
      .handle("getProfile", () =>
        asSignedIn(customer.getProfile).pipe(Effect.flatMap(customer.profileAsSeen), Effect.map(toCustomerView)))
      .handle("updateProfile", ({ payload }) =>
        asSignedIn((customerId) => customer.updateProfile(customerId, payload)).pipe(
          Effect.flatMap(customer.profileAsSeen),
          answerWith(customerProblems.updateProfile),
          Effect.map(toCustomerView)
        ))))
