/**
 * What the test server adds for customer accounts: the real security adapters (argon2id, jose,
 * HMAC, CSPRNG, the common-password list) above the stores, and in-memory account stores
 * (plus ids) for suites whose stores bring none of their own (e.g. catalog-only suites). A
 * suite's own stores always take precedence over the fallback.
 */
import { Layer, Option } from "effect"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { accountSecurity, memoryAccountStores } from "../../config/account-stores.ts"

export const testAccountSecurity = accountSecurity({ jwtPrivateKey: Option.none() })

export const accountStoresFallback = Layer.mergeAll(
  memoryAccountStores({ notificationsFile: Option.none() }),
  CryptoIdGenerator.layer
)
