/**
 * The accounts capability (docs/contract/accounts.md): registration, sign-in by password or code, token
 * sessions, password reset and the bearer check, as one service. Its layer takes the ports once
 * (account-ports.ts); each method is a traced span (`Accounts.*`).
 */
import type { Option } from "effect"
import { Context, Effect, Layer } from "effect"
import { accountPorts } from "./account-ports.ts"
import { authenticateAccessToken, type AuthenticatedSession } from "./authenticate-access-token.ts"
import type { PresentedCode } from "./consume-otp.ts"
import { logIn, type LoginRequest } from "./log-in.ts"
import { logOut } from "./log-out.ts"
import { refreshTokens } from "./refresh-tokens.ts"
import { registerCustomer, type RegistrationRequest } from "./register-customer.ts"
import { type OtpRequest, requestOtp } from "./request-otp.ts"
import { requestPasswordReset } from "./request-password-reset.ts"
import { resetPasswordWithCode, resetPasswordWithToken } from "./reset-password.ts"
import { verifyOtpCode } from "./verify-otp.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"

const make = Effect.gen(function*() {
  const ports = yield* accountPorts
  return {
    register: Effect.fn("Accounts.register")((request: RegistrationRequest, clientIp: string) =>
      registerCustomer(ports, request, clientIp)
    ),
    logIn: Effect.fn("Accounts.logIn")((request: LoginRequest, clientIp: string) => logIn(ports, request, clientIp)),
    refresh: Effect.fn("Accounts.refresh")((refreshToken: string) => refreshTokens(ports, refreshToken)),
    logOut: Effect.fn("Accounts.logOut")((refreshToken: string) => logOut(ports, refreshToken)),
    requestPasswordReset: Effect.fn("Accounts.requestPasswordReset")((email: NormalisedEmail, clientIp: string) =>
      requestPasswordReset(ports, email, clientIp)
    ),
    resetPasswordWithToken: Effect.fn("Accounts.resetPasswordWithToken")(
      (request: { readonly newPassword: string; readonly token: string }) => resetPasswordWithToken(ports, request)
    ),
    resetPasswordWithCode: Effect.fn("Accounts.resetPasswordWithCode")(
      (request: PresentedCode & { readonly newPassword: string }) => resetPasswordWithCode(ports, request)
    ),
    requestOtp: Effect.fn("Accounts.requestOtp")(
      (request: OtpRequest, clientIp: string, signedIn: Option.Option<AuthenticatedSession>) =>
        requestOtp(ports, request, clientIp, signedIn)
    ),
    verifyOtp: Effect.fn("Accounts.verifyOtp")((presented: PresentedCode, signedIn: Option.Option<AuthenticatedSession>) =>
      verifyOtpCode(ports, presented, signedIn)
    ),
    /** The bearer check of every authenticated request. */
    authenticate: Effect.fn("Accounts.authenticate")((accessToken: string) => authenticateAccessToken(ports, accessToken))
  }
})

export class AccountsService extends Context.Service<AccountsService, Effect.Success<typeof make>>()(
  "storefront/AccountsService"
) {
  /** Needs the account stores, the security adapters and AccountSettings (account-ports.ts). */
  static readonly layer = Layer.effect(AccountsService, make)
}
