/**
 * The account routes' successes through the typed client derived from the StorefrontApi
 * definition: each checks the status (and the JSON content type) and returns the value the
 * endpoint's declared schema decoded, with the same checks the raw helpers make of a body. Bad
 * input, problems and raw bytes stay with the raw helpers of account-http.ts.
 */
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { authResultShape, freshIp, normalised } from "./account-http.ts"
import { type Caller, expectDecoded, storeClient } from "./store-http.ts"

const tokensShape = () => ({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 })

export const accountRoutes = {
  /** POST /auth/login from a fresh IP: 200 and an AuthResult. */
  login: (email: string, password: string) =>
    Effect.gen(function*() {
      const client = yield* storeClient({ ip: freshIp() })
      const result = expectDecoded(
        yield* client.auth.login({ payload: { email: normalised(email), password }, responseMode: "decoded-and-response" })
      )
      expect(result).toEqual(authResultShape())
      return result
    }),

  /** POST /auth/refresh: 200 and the new Tokens (not wrapped, 900 s). */
  refresh: (refreshToken: string) =>
    Effect.gen(function*() {
      const client = yield* storeClient()
      const tokens = expectDecoded(yield* client.auth.refresh({ payload: { refreshToken }, responseMode: "decoded-and-response" }))
      expect(tokens).toEqual(tokensShape())
      return tokens
    }),

  /** GET /customers/me with the bearer token: 200 and the profile. */
  profile: (accessToken: string, caller: Caller = {}) =>
    Effect.gen(function*() {
      const client = yield* storeClient({ ...caller, accessToken })
      return expectDecoded(yield* client.customer.getProfile({ responseMode: "decoded-and-response" }))
    })
}
