/** /auth: register, login, refresh, logout, forgot and reset password (docs/contract/accounts.md). */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { authProblems } from "../problems/account-problem-table.ts"
import {
  AcceptedView,
  AuthResultView,
  ForgotPasswordBody,
  LoginBody,
  RefreshTokenBody,
  RegisterBody,
  ResetPasswordBody,
  TokensView
} from "./auth-views.ts"
import { endpointsOf } from "./documented-endpoint.ts"

const endpoint = endpointsOf(authProblems)

const EXAMPLE_EMAIL = "nusrat@example.com"
const EXAMPLE_PASSWORD = "correct horse battery staple"
const EXAMPLE_REFRESH_TOKEN = "rt_5kq2w7e9r3t8y1u4i6o0p2a5s7d9f1g3h5j7k9l"

export class AuthApiGroup extends HttpApiGroup.make("auth").add(
  endpoint.post("register", "/auth/register", { payload: RegisterBody, success: AuthResultView.pipe(HttpApiSchema.status(201)) }, {
    summary: "Register a customer",
    description: "Creates a customer with a password and signs them in (a new session). An email that a " +
      "password-less customer already has (guest checkout) gets the password attached; the email stays " +
      "unverified until a `verify_email` code proves it. 409 when the email already has a password.",
    examples: { request: { name: "Nusrat Jahan", email: EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD, phone: "+8801712345678" } }
  }),
  endpoint.post("login", "/auth/login", { payload: LoginBody, success: AuthResultView }, {
    summary: "Sign in with email and password",
    description: "Starts a session: an access token (JWT, `expiresIn` seconds) and a refresh token. An " +
      "unknown email and a wrong password answer the same 401; failed attempts are rate limited (429).",
    examples: { request: { email: EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD } }
  }),
  endpoint.post("refresh", "/auth/refresh", { payload: RefreshTokenBody, success: TokensView }, {
    summary: "Refresh the tokens",
    description: "Exchanges a refresh token for a new pair; the presented token stops working. Presenting a " +
      "token that was already exchanged revokes the whole session (401).",
    examples: { request: { refreshToken: EXAMPLE_REFRESH_TOKEN } }
  }),
  endpoint.post("logout", "/auth/logout", { payload: RefreshTokenBody, success: HttpApiSchema.NoContent }, {
    summary: "Sign out",
    description: "Revokes the session of the refresh token: its access tokens stop working on `/customers/me` " +
      "at once. Idempotent.",
    examples: { request: { refreshToken: EXAMPLE_REFRESH_TOKEN } }
  }),
  endpoint.post("forgotPassword", "/auth/forgot-password", { payload: ForgotPasswordBody, success: AcceptedView.pipe(HttpApiSchema.status(202)) }, {
    summary: "Ask for a password reset link",
    description: "Emails a reset link (`RESET_URL_BASE?token=…`) when the email belongs to a customer; answers " +
      "202 either way so that nobody learns which emails are registered. One email per 60 s per address.",
    examples: { request: { email: EXAMPLE_EMAIL }, response: {} }
  }),
  endpoint.post("resetPassword", "/auth/reset-password", { payload: ResetPasswordBody, success: AuthResultView }, {
    summary: "Reset the password",
    description: "Sets a new password with the emailed token (`token`) or with a `reset_password` code " +
      "(`verificationId` and `code`), revokes every session of the customer and signs them in anew.",
    examples: { request: { newPassword: "a new and long passphrase", token: "rst_3v8k2m9q4w7e1r5t6y0u" } }
  })
).annotate(OpenApi.Description, "Registration, sign-in, token refresh, sign-out and password reset") {}
