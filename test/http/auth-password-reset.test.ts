/**
 * Forgot and reset password through the real server, on memory, PGlite and PostgreSQL: 202 for
 * any email (a link only to customers), reset by token or by code returns an AuthResult, revokes
 * every session, voids older tokens and codes, single use, expiry, and a weak new password
 * changes nothing.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { accountTestEngines, eventually, expectAuthResult, freshEmail, freshIp } from "../support/account-http.ts"
import { freshPhone, getMe, lastNotificationTo, notificationsTo, post } from "../support/account-http.ts"
import { registerCustomer, RESET_URL_BASE, STRONG_PASSWORD } from "../support/account-http.ts"
import { accountRoutes } from "../support/account-routes.ts"
import { expectProblem, serverSuites } from "../support/store-http.ts"

const NEW_PASSWORD = "tangerine-glacier-orbit"

serverSuites(accountTestEngines(), "password reset", (it, engine) => {
const resetsSentTo = (email: string) =>
  notificationsTo(engine.notificationsFile, email.toLowerCase()).filter((line) => line.purpose === "reset_password").length
// the reset email is sent after the answer (so timing tells nothing): wait for it when one is due
const forgot = (email: string, options: { readonly expectEmail: boolean } = { expectEmail: true }) =>
  Effect.gen(function*() {
    const before = resetsSentTo(email)
    const response = yield* post("/auth/forgot-password", { email }, { ip: freshIp() })
    if (options.expectEmail && response.status === 202) {
      yield* eventually(() => resetsSentTo(email) > before, `a reset email to ${email}`)
    }
    return response
  })
const resetTokenFor = (email: string) => lastNotificationTo(engine.notificationsFile, email).token!
const login = (email: string, password: string) => post("/auth/login", { email, password }, { ip: freshIp() })

  describe("POST /auth/forgot-password", () => {
    it.effect("202 {} for a customer, with an emailed link RESET_URL_BASE?token=…", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const response = yield* forgot(email.toUpperCase())
        expect(response.status).toBe(202)
        expect(response.body).toEqual({})
        const sent = lastNotificationTo(engine.notificationsFile, email)
        expect(sent).toMatchObject({ channel: "email", to: email, purpose: "reset_password" })
        expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expect(sent.link).toBe(`${RESET_URL_BASE}?token=${sent.token}`)
      }))

    it.effect("202 {} for an unknown email too, and nothing is sent", () =>
      Effect.gen(function*() {
        const email = freshEmail("nobody")
        const response = yield* forgot(email, { expectEmail: false })
        expect(response.status).toBe(202)
        expect(response.body).toEqual({})
        expect(notificationsTo(engine.notificationsFile, email)).toEqual([])
      }))
  })

  describe("POST /auth/reset-password with a token", () => {
    it.effect("sets the password, revokes every session, voids older tokens, returns a working AuthResult", () =>
      Effect.gen(function*() {
        const { email, tokens, customerId } = yield* registerCustomer()
        const otherSession = expectAuthResult(yield* login(email, STRONG_PASSWORD))
        yield* forgot(email)
        const olderToken = resetTokenFor(email)
        yield* engine.clock.advance("61 seconds")
        yield* forgot(email)
        const token = resetTokenFor(email)
        expect(token).not.toBe(olderToken)

        const result = expectAuthResult(yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, token }))
        expect(result.customerId).toBe(customerId)
        yield* accountRoutes.profile(result.tokens.accessToken)
        // every earlier session is gone, access and refresh tokens alike
        expectProblem(yield* getMe(tokens.accessToken), 401, "unauthorized")
        expectProblem(yield* getMe(otherSession.tokens.accessToken), 401, "unauthorized")
        expectProblem(yield* post("/auth/refresh", { refreshToken: tokens.refreshToken }), 401, "invalid_refresh_token")
        // the new password works, the old one does not
        expectProblem(yield* login(email, STRONG_PASSWORD), 401, "invalid_credentials")
        expectAuthResult(yield* login(email, NEW_PASSWORD))
        // single use, and the older pending token was voided
        expectProblem(yield* post("/auth/reset-password", { newPassword: "another-fine-passphrase", token }), 401, "invalid_reset_credential")
        expectProblem(
          yield* post("/auth/reset-password", { newPassword: "another-fine-passphrase", token: olderToken }),
          401,
          "invalid_reset_credential"
        )
      }))

    it.effect("an unknown token is 401 invalid_reset_credential", () =>
      Effect.gen(function*() {
        expectProblem(yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, token: "A".repeat(43) }), 401, "invalid_reset_credential")
      }))

    it.effect("the token expires RESET_TOKEN_TTL_SECONDS after the request", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        yield* forgot(email)
        const token = resetTokenFor(email)
        yield* engine.clock.advance("3601 seconds")
        expectProblem(yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, token }), 401, "invalid_reset_credential")
      }))

    it.effect("a weak new password is 422 and changes nothing: the token still works afterwards", () =>
      Effect.gen(function*() {
        const { email, tokens } = yield* registerCustomer()
        yield* forgot(email)
        const token = resetTokenFor(email)
        for (const [password, reason] of [["short", "too_short"], ["baseball", "common"], ["x".repeat(129), "too_long"]] as const) {
          const weak = yield* post("/auth/reset-password", { newPassword: password, token })
          expectProblem(weak, 422, "password_too_weak")
          expect(weak.body).toMatchObject({ reason })
        }
        yield* accountRoutes.profile(tokens.accessToken)
        expectAuthResult(yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, token }))
      }))

    it.effect("a body with both or neither credential, or extra fields, is 400", () =>
      Effect.gen(function*() {
        for (const body of [
          { newPassword: NEW_PASSWORD },
          { token: "abc" },
          { newPassword: NEW_PASSWORD, token: "abc", verificationId: "ver_x", code: "123456" },
          { newPassword: NEW_PASSWORD, token: "abc", customerId: "cus_x" }
        ]) {
          expectProblem(yield* post("/auth/reset-password", body), 400, "validation_failed")
        }
      }))
  })

  describe("POST /auth/reset-password with a code", () => {
    it.effect("an SMS reset_password code to the customer's phone resets the password and verifies the phone", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const { email, tokens } = yield* registerCustomer({ phone })
        const requested = yield* post("/auth/otp/request", { channel: "sms", phone, purpose: "reset_password" }, { ip: freshIp() })
        expect(requested.status).toBe(202)
        const { verificationId } = requested.body as { verificationId: string }
        const code = lastNotificationTo(engine.notificationsFile, phone).code!
        const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0")
        const wrong = yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, verificationId, code: wrongCode })
        expectProblem(wrong, 400, "invalid_otp")
        expect(wrong.body).toMatchObject({ attemptsRemaining: 4 })

        const result = expectAuthResult(yield* post("/auth/reset-password", { newPassword: NEW_PASSWORD, verificationId, code }))
        expect(yield* accountRoutes.profile(result.tokens.accessToken)).toMatchObject({ phoneVerified: true })
        expectProblem(yield* getMe(tokens.accessToken), 401, "unauthorized")
        expectAuthResult(yield* login(email, NEW_PASSWORD))
        expectProblem(yield* post("/auth/reset-password", { newPassword: "another-fine-passphrase", verificationId, code }), 404, "verification_not_found")
      }))

    it.effect("a reset voids the customer's other live codes", () =>
      Effect.gen(function*() {
        const phone = freshPhone()
        const { email } = yield* registerCustomer({ phone })
        const login = yield* post("/auth/otp/request", { channel: "email", email, purpose: "login" }, { ip: freshIp() })
        const loginCode = lastNotificationTo(engine.notificationsFile, email).code!
        const reset = yield* post("/auth/otp/request", { channel: "sms", phone, purpose: "reset_password" }, { ip: freshIp() })
        const resetCode = lastNotificationTo(engine.notificationsFile, phone).code!
        expectAuthResult(yield* post("/auth/reset-password", {
          newPassword: NEW_PASSWORD,
          verificationId: (reset.body as { verificationId: string }).verificationId,
          code: resetCode
        }))
        const voided = yield* post("/auth/otp/verify", { verificationId: (login.body as { verificationId: string }).verificationId, code: loginCode })
        expectProblem(voided, 404, "verification_not_found")
      }))

    it.effect("a login code is not a reset credential (404)", () =>
      Effect.gen(function*() {
        const { email } = yield* registerCustomer()
        const login = yield* post("/auth/otp/request", { channel: "email", email, purpose: "login" }, { ip: freshIp() })
        const code = lastNotificationTo(engine.notificationsFile, email).code!
        const response = yield* post("/auth/reset-password", {
          newPassword: NEW_PASSWORD,
          verificationId: (login.body as { verificationId: string }).verificationId,
          code
        })
        expectProblem(response, 404, "verification_not_found")
      }))
  })
})
