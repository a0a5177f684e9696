/**
 * GET and PATCH /customers/me through the real server, on memory, PGlite and PostgreSQL: the
 * bearer token is required, the profile carries the verification flags, a changed email or phone
 * becomes unverified, another customer's email or phone is 409, and bad input changes nothing.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import {
  accountTestEngines,
  expectAuthResult,
  expectProblem,
  freshEmail,
  freshIp,
  freshPhone,
  getMe,
  lastNotificationTo,
  patchMe,
  post,
  registerCustomer,
  STRONG_PASSWORD
} from "../support/account-http.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

for (const engine of accountTestEngines()) {
  layer(testServer(engine.stores), { excludeTestServices: true })(`customer profile (${engine.name})`, (it) => {
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
          // verify the email first
          const requested = yield* post("/auth/otp/request", { channel: "email", email, purpose: "verify_email" }, { ip: freshIp(), accessToken: tokens.accessToken })
          const code = lastNotificationTo(engine.notificationsFile, email).code!
          yield* post("/auth/otp/verify", { verificationId: (requested.body as { verificationId: string }).verificationId, code }, { accessToken: tokens.accessToken })

          const renamed = yield* patchMe(tokens.accessToken, { name: "Renamed", email: email.toUpperCase() })
          expect(renamed.status).toBe(200)
          expect(renamed.body).toMatchObject({ id: customerId, name: "Renamed", email, emailVerified: true })

          const newEmail = freshEmail("moved")
          const newPhone = freshPhone()
          const moved = yield* patchMe(tokens.accessToken, { email: newEmail, phone: newPhone })
          expect(moved.body).toMatchObject({ email: newEmail, phone: newPhone, emailVerified: false, phoneVerified: false })
          expect((yield* getMe(tokens.accessToken)).body).toEqual(moved.body)
          // the new email signs in; the old one is free again
          expectAuthResult(yield* post("/auth/login", { email: newEmail, password: STRONG_PASSWORD }, { ip: freshIp() }))
          expectProblem(yield* post("/auth/login", { email, password: STRONG_PASSWORD }, { ip: freshIp() }), 401, "invalid_credentials")
          const cleared = yield* patchMe(tokens.accessToken, { phone: null })
          expect(cleared.body).toMatchObject({ phone: null })
        }))

      it.effect("an email or phone of another customer is 409 email_already_registered, and nothing changes", () =>
        Effect.gen(function*() {
          const phone = freshPhone()
          const other = yield* registerCustomer({ phone })
          const { tokens } = yield* registerCustomer()
          const before = (yield* getMe(tokens.accessToken)).body
          expectProblem(yield* patchMe(tokens.accessToken, { email: other.email.toUpperCase(), name: "Thief" }), 409, "email_already_registered")
          expectProblem(yield* patchMe(tokens.accessToken, { phone }), 409, "email_already_registered")
          expect((yield* getMe(tokens.accessToken)).body).toEqual(before)
        }))

      it.effect("bad input is 400 validation_failed and changes nothing; client-owned fields are refused", () =>
        Effect.gen(function*() {
          const { tokens } = yield* registerCustomer()
          const before = (yield* getMe(tokens.accessToken)).body
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
          expect((yield* getMe(tokens.accessToken)).body).toEqual(before)
          expectProblem(yield* patchMe("not-a-token", { name: "x" }), 401, "unauthorized")
        }))

      it.effect("an empty patch changes nothing and answers the profile", () =>
        Effect.gen(function*() {
          const { tokens } = yield* registerCustomer()
          const before = (yield* getMe(tokens.accessToken)).body
          const response = yield* patchMe(tokens.accessToken, {})
          expect(response.status).toBe(200)
          expect(response.body).toEqual(before)
        }))
    })
  })
}
