/** What a successful sign-in hands the client (the interface's Tokens and AuthResult). */
import type { CustomerId } from "../../domain/shared/ids.ts"

export interface Tokens {
  readonly accessToken: string
  readonly refreshToken: string
  /** Seconds until the access token expires. */
  readonly expiresIn: number
}

export interface AuthResult {
  readonly customerId: CustomerId
  readonly tokens: Tokens
}
