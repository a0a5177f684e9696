/** Request and response bodies of the /auth routes (the interface's Tokens and AuthResult). */
import { Schema } from "effect"
import { OtpCode, VerificationChannel, VerificationPurpose } from "../../../domain/auth/verification.ts"
import { CustomerName } from "../../../domain/customer/customer.ts"
import { EmailFromInput } from "../../../domain/customer/email.ts"
import { PhoneFromInput } from "../../../domain/customer/phone.ts"

export const TokensView = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  expiresIn: Schema.Int
}).annotate({ identifier: "Tokens" })

export const AuthResultView = Schema.Struct({
  customerId: Schema.String,
  tokens: TokensView
}).annotate({ identifier: "AuthResult" })

/** Passwords are checked by the password policy (422), not here; this only bounds the input size. */
const PasswordInput = Schema.String.check(Schema.isMaxLength(4096))
const OpaqueToken = Schema.NonEmptyString.check(Schema.isMaxLength(512))
const VerificationIdInput = OpaqueToken.pipe(Schema.brand("VerificationId"))

export const LoginBody = Schema.Struct({ email: EmailFromInput, password: PasswordInput })

/** A registration: a name, the credentials of a login and optionally a phone. */
export const RegisterBody = Schema.Struct({
  name: CustomerName,
  ...LoginBody.fields,
  phone: Schema.optionalKey(Schema.NullOr(PhoneFromInput))
})

export const RefreshTokenBody = Schema.Struct({ refreshToken: OpaqueToken })

export const ForgotPasswordBody = Schema.Struct({ email: EmailFromInput })

export const ResetPasswordBody = Schema.Union([
  Schema.Struct({ newPassword: PasswordInput, token: OpaqueToken }),
  Schema.Struct({ newPassword: PasswordInput, verificationId: VerificationIdInput, code: OtpCode })
])

export const OtpRequestBody = Schema.Struct({
  channel: VerificationChannel,
  phone: Schema.optionalKey(PhoneFromInput),
  email: Schema.optionalKey(EmailFromInput),
  purpose: VerificationPurpose
})

/** The empty object of a 202 that says nothing more (forgot-password answers it whether or not the email is known). */
export const AcceptedView = Schema.Record(Schema.String, Schema.Never).annotate({
  identifier: "Accepted",
  description: "An empty object: the request was accepted"
})

export const OtpRequestedView = Schema.Struct({
  verificationId: Schema.String.pipe(Schema.brand("VerificationId")),
  expiresAt: Schema.String
}).annotate({ identifier: "OtpRequested" })

export const OtpVerifyBody = Schema.Struct({ verificationId: VerificationIdInput, code: OtpCode })

export const OtpVerifiedView = Schema.Union([
  AuthResultView,
  Schema.Struct({ verified: Schema.Literal(true) }).annotate({ identifier: "ContactVerified" })
])
