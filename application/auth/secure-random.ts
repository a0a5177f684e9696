/**
 * Port: secrets from a CSPRNG. Refresh and reset tokens carry 256 random bits (docs/contract/accounts.md);
 * OTP codes are 6 uniformly drawn digits. Adapter: adapters/security/crypto-secure-random.ts.
 */
import { Context, type Effect } from "effect"

export class SecureRandom extends Context.Service<SecureRandom, {
  /** An opaque, URL-safe token of 256 random bits (refresh tokens, reset tokens). */
  readonly token: Effect.Effect<string>
  /** Six decimal digits, each value equally likely ("000000" to "999999"). */
  readonly otpCode: Effect.Effect<string>
}>()("storefront/SecureRandom") {}
