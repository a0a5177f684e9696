/**
 * GET and PATCH /customers/me through the real server, on memory, PGlite and PostgreSQL: the
 * bearer token is required, the profile carries the verification flags, a changed email or phone
 * becomes unverified, another customer's email or phone is 409, and bad input changes nothing.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { accountTestEngines, authResultShape, freshEmail, freshIp, freshPhone, normalised } from "../support/account-http.ts"
import { getMe, lastNotificationTo, patchMe, post, registerCustomer, STRONG_PASSWORD } from "../support/account-http.ts"
import { expectProblem, serverSuites, storeClient } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

serverSuites(accountTestEngines(), "customer profile", (it, engine) => {
  describe("GET /customers/me", () => {
    it.effect("needs a bearer token (401 unauthorized) and the publishable key", () =>
      Effect.gen(function*() {
        expectProblem(yield* getMe(undefined), 401, "unauthorized")
        const { tokens } = yield* registerCustomer()
        const noKey = yield* rawRequest("GET", "/v1/store/customers/me", { headers: { authorization: `Bearer ${tokens.accessToken}` } })
        expectProblem(noKey, 400, "publishable_key_required")
        const basic = yield* rawRequest("GET", "/v1/store/customers/me", {
          headers: { "x-publishable-api-key": "pk_a", authorization: "Basic dXNlcjpwYXNz" }
        })
        expectProblem(basic, 401, "unauthorized")
      }))
  })

  describe("PATCH /customers/me", () => {
    it.effect("updates the name; a changed email or phone becomes unverified; the same value keeps its flag", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const { email, tokens, customerId } = yield* registerCustomer({ phone })
        const client = yield* storeClient({ ip: freshIp(), accessToken: tokens.accessToken })
        // verify the email first
        const requested = yield* client.authOtp.requestOtp({ payload: { channel: "email", email: normalised(email), purpose: "verify_email" } })
        const code = lastNotificationTo(engine.notificationsFile, email).code!
        yield* client.authOtp.verifyOtp({ payload: { verificationId: requested.verificationId, code } })

        // raw: the upper-case email is normalised by the server
        const renamed = yield* patchMe(tokens.accessToken, { name: "Renamed", email: email.toUpperCase() })
        expect(renamed.status).toBe(200)
        expect(renamed.body).toMatchObject({ id: customerId, name: "Renamed", email, emailVerified: true })

        const newEmail = freshEmail("moved")
        const newPhone = freshPhone()
        const moved = yield* client.customer.updateProfile({ payload: { email: normalised(newEmail), phone: newPhone } })
        expect(moved).toMatchObject({ email: newEmail, phone: newPhone, emailVerified: false, phoneVerified: false })
        expect(yield* client.customer.getProfile()).toEqual(moved)
        // the new email signs in; the old one is free again
        const login = yield* storeClient({ ip: freshIp() })
        expect(yield* login.auth.login({ payload: { email: normalised(newEmail), password: STRONG_PASSWORD } })).toEqual(authResultShape())
        expectProblem(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 401, "invalid_credentials")
        const cleared = yield* client.customer.updateProfile({ payload: { phone: null } })
        expect(cleared).toMatchObject({ phone: null })
      }))

    it.effect("an email or phone of another customer is 409 email_already_registered, and nothing changes", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const other = yield* registerCustomer({ phone })
        const { tokens } = yield* registerCustomer()
        const client = yield* storeClient({ accessToken: tokens.accessToken })
        const before = yield* client.customer.getProfile()
        expectProblem(yield* patchMe(tokens.accessToken, { email: other.email.toUpperCase(), name: "Thief" }), 409, "email_already_registered")
        expectProblem(yield* patchMe(tokens.accessToken, { phone }), 409, "email_already_registered")
        expect(yield* client.customer.getProfile()).toEqual(before)
      }))

    it.effect("bad input is 400 validation_failed and changes nothing; client-owned fields are refused", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const client = yield* storeClient({ accessToken: tokens.accessToken })
        const before = yield* client.customer.getProfile()
        for (const body of [
          { name: "" },
          { name: "n".repeat(201) },
          { email: "not-an-email" },
          { phone: "phone" },
          { emailVerified: true },
          { id: "cus_other" },
          { name: "Valid", avatarUrl: "https://evil.example.com/a.png" }
        ]) {
          expectProblem(yield* patchMe(tokens.accessToken, body), 400, "validation_failed")
        }
        expect(yield* client.customer.getProfile()).toEqual(before)
        expectProblem(yield* patchMe("not-a-token", { name: "x" }), 401, "unauthorized")
      }))

    it.effect("an empty patch changes nothing and answers the profile", () =>
      Effect.gen(function*() {
        const { tokens } = yield* registerCustomer()
        const client = yield* storeClient({ accessToken: tokens.accessToken })
        const before = yield* client.customer.getProfile()
        const [profile, response] = yield* client.customer.updateProfile({ payload: {}, responseMode: "decoded-and-response" })
        expect(response.status).toBe(200)
        expect(profile).toEqual(before)
      }))
  })
})
