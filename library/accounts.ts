/**
 * `storefront-service/accounts`: customer accounts (registration, sessions, one-time codes,
 * password resets) and the signed-in customer's profile and address book, as services, with the
 * security adapters they need. Their stores come from `storefront-service/memory` or
 * `storefront-service/postgres`.
 */
import { Layer } from "effect"
import { AccountsService } from "../application/auth/accounts-service.ts"
import { CustomerService } from "../application/customer/customer-service.ts"

export { AccountSettings } from "../application/auth/account-settings.ts"
export { accountSecurity } from "../config/account-stores.ts"
export { defaultAuthLifetimes } from "../domain/auth/lifetimes.ts"
export { AddressId, CustomerId } from "../domain/shared/ids.ts"
export { AccountsService, CustomerService }

/** Both services; they need the account stores, the security adapters and AccountSettings. */
export const layer = Layer.merge(AccountsService.layer, CustomerService.layer)
