/**
 * The security adapters the cart and account entries compose by default (argon2id, jose with a
 * key generated once and kept by the stores' ServerSecrets, HMAC, CSPRNG, the common-password
 * list). One value, so a program using both entries builds them once.
 */
import { Option } from "effect"
import { accountSecurity } from "../config/account-stores.ts"

export const librarySecurity = accountSecurity({ jwtPrivateKey: Option.none() })
