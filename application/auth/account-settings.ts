/**
 * The settings the account use cases read: credential lifetimes (docs/contract/accounts.md), the access-token
 * issuer and audience, and the base of emailed reset links. The composition root provides them
 * from the environment (config/app-config.ts); tests provide short lifetimes. The default is
 * that of docs/contract/accounts.md (900 s access tokens, 30/90-day sessions, 600 s OTPs, 3600 s reset tokens).
 */
import { Context } from "effect"
import { type AuthLifetimes, defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"

export interface AccountSettingsShape {
  readonly lifetimes: AuthLifetimes
  readonly issuer: string
  readonly audience: string
  /** Reset links are `<resetUrlBase>?token=<token>`. */
  readonly resetUrlBase: string
}

export const defaultAccountSettings: AccountSettingsShape = {
  lifetimes: defaultAuthLifetimes,
  issuer: "storefront",
  audience: "storefront-api",
  resetUrlBase: "http://localhost:3000/reset-password"
}

export const AccountSettings = Context.Reference<AccountSettingsShape>("storefront/AccountSettings", {
  defaultValue: () => defaultAccountSettings
})
