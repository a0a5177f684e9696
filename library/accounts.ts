/**
 * `storefront-service/accounts`: customer accounts (registration, sessions, one-time codes,
 * password resets) and the signed-in customer's profile and address book, as services.
 * `layer(options)` composes its own defaults (the security adapters, the default lifetimes);
 * its stores come from `storefront-service/memory` or `storefront-service/postgres`.
 */
import { Layer } from "effect"
import { AccountSettings, type AccountSettingsShape, defaultAccountSettings } from "../application/auth/account-settings.ts"
import { AccountsService } from "../application/auth/accounts-service.ts"
import { Notifier } from "../application/auth/notifier.ts"
import { CustomerService } from "../application/customer/customer-service.ts"
import { librarySecurity } from "./security.ts"

export { AccountSettings, defaultAccountSettings } from "../application/auth/account-settings.ts"
export { accountSecurity } from "../config/account-stores.ts"
export { defaultAuthLifetimes } from "../domain/auth/lifetimes.ts"
export { CustomerName } from "../domain/customer/customer.ts"
export { NormalisedEmail, parseEmail } from "../domain/customer/email.ts"
export { AddressId, CustomerId } from "../domain/shared/ids.ts"
export { AccountsService, CustomerService }

export interface AccountsLayerOptions {
  /** Lifetimes, token issuer and audience, reset links; the defaults of `defaultAccountSettings` otherwise. */
  readonly settings?: Partial<AccountSettingsShape>
  /** Where one-time codes and reset links go; by default the stores' own notifier (in memory: kept in a list). */
  readonly notifier?: Notifier["Service"]
}

/** Both services, over the stores (`Memory.layer`, or the account stores on SQL). */
export const layer = (options: AccountsLayerOptions = {}) =>
  Layer.merge(AccountsService.layer, CustomerService.layer).pipe(
    Layer.provide(Layer.mergeAll(
      librarySecurity,
      Layer.succeed(AccountSettings, { ...defaultAccountSettings, ...options.settings }),
      options.notifier === undefined ? Layer.empty : Layer.succeed(Notifier, options.notifier)
    ))
  )
