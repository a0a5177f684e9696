/**
 * A completed password reset (token or OTP, docs/contract/accounts.md): set the new password, revoke every
 * session of the customer, void their pending reset tokens and live OTPs (every purpose). The
 * caller then starts a fresh session (issueSession) and answers AuthResult. Only records of
 * `customer` are touched, so callers may pass wider lists.
 *
 * SQL equivalent: UPDATE sessions SET revoked_at = now WHERE customer_id = $c AND revoked_at IS NULL;
 * UPDATE reset_tokens SET voided_at = now WHERE customer_id = $c AND used_at IS NULL AND voided_at IS NULL AND expires_at > now;
 * UPDATE verifications SET voided_at = now WHERE customer_id = $c AND consumed_at IS NULL AND voided_at IS NULL ...
 */
import { type Customer, setPassword } from "../customer/customer.ts"
import { type ResetToken, voidResetToken } from "./reset-token.ts"
import { revokeSession, type Session } from "./session.ts"
import { type Verification, voidCustomerVerifications } from "./verification.ts"

export interface CustomerCredentials {
  readonly customer: Customer
  readonly sessions: ReadonlyArray<Session>
  readonly resetTokens: ReadonlyArray<ResetToken>
  readonly verifications: ReadonlyArray<Verification>
}

export const applyPasswordReset = (
  state: CustomerCredentials,
  input: { readonly passwordHash: string; readonly now: Date }
): CustomerCredentials => {
  const customerId = state.customer.id
  return {
    customer: setPassword(state.customer, input.passwordHash),
    sessions: state.sessions.map((s) => (s.customerId === customerId ? revokeSession(s, input.now) : s)),
    resetTokens: state.resetTokens.map((t) => (t.customerId === customerId ? voidResetToken(t, input.now) : t)),
    verifications: voidCustomerVerifications(state.verifications, customerId, input.now)
  }
}
