/** /auth: register, login, refresh, logout, forgot and reset password (CONTRACT §3). */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import {
  EmailAlreadyRegisteredProblem,
  InvalidCredentialsProblem,
  InvalidOtpProblem,
  InvalidRefreshTokenProblem,
  InvalidResetCredentialProblem,
  PasswordTooWeakProblem,
  RateLimitedResponse,
  VerificationNotFoundProblem
} from "../problems/auth-problems.ts"
import {
  AuthResultView,
  ForgotPasswordBody,
  LoginBody,
  RefreshTokenBody,
  RegisterBody,
  ResetPasswordBody,
  TokensView
} from "./auth-views.ts"

export class AuthApiGroup extends HttpApiGroup.make("auth").add(
  HttpApiEndpoint.post("register", "/auth/register", {
    payload: RegisterBody,
    success: AuthResultView.pipe(HttpApiSchema.status(201)),
    error: [PasswordTooWeakProblem, EmailAlreadyRegisteredProblem, RateLimitedResponse]
  }),
  HttpApiEndpoint.post("login", "/auth/login", {
    payload: LoginBody,
    success: AuthResultView,
    error: [InvalidCredentialsProblem, RateLimitedResponse]
  }),
  HttpApiEndpoint.post("refresh", "/auth/refresh", {
    payload: RefreshTokenBody,
    success: TokensView,
    error: InvalidRefreshTokenProblem
  }),
  HttpApiEndpoint.post("logout", "/auth/logout", {
    payload: RefreshTokenBody,
    success: HttpApiSchema.NoContent
  }),
  HttpApiEndpoint.post("forgotPassword", "/auth/forgot-password", {
    payload: ForgotPasswordBody,
    success: Schema.Struct({}).pipe(HttpApiSchema.status(202)),
    error: RateLimitedResponse
  }),
  HttpApiEndpoint.post("resetPassword", "/auth/reset-password", {
    payload: ResetPasswordBody,
    success: AuthResultView,
    error: [PasswordTooWeakProblem, InvalidResetCredentialProblem, InvalidOtpProblem, VerificationNotFoundProblem]
  })
) {}
