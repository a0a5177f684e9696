/** What a successful sign-in hands the client (the interface's Tokens and AuthResult). */
export interface Tokens {
  readonly accessToken: string
  readonly refreshToken: string
  /** Seconds until the access token expires. */
  readonly expiresIn: number
}

export interface AuthResult {
  readonly customerId: string
  readonly tokens: Tokens
}
