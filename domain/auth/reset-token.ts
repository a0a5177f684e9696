/**
 * Email password-reset tokens (docs/contract/accounts.md): opaque, generated outside (>= 256 random bits),
 * stored only as a hash, valid RESET_TOKEN_TTL_SECONDS (default 3600; valid while
 * `now < expiresAt`), single use. Used, voided, expired or unknown → InvalidResetCredential (401).
 * Requesting a new token does not void older ones; a completed reset voids them all
 * (see password-reset.ts).
 */
import { Result, Schema } from "effect"
import { CustomerId, ResetTokenId } from "../shared/ids.ts"
import { NormalisedEmail } from "../customer/email.ts"
import type { IssueTokenInput } from "./issued-token.ts"
import { InvalidResetCredential } from "./errors/invalid-reset-credential.ts"
import { addMillis, type AuthLifetimes, secondsToMillis } from "./lifetimes.ts"

export const ResetToken = Schema.Struct({
  id: ResetTokenId,
  customerId: CustomerId,
  tokenHash: Schema.NonEmptyString,
  /** The address the link was mailed to: redeeming the token proves it (null: not recorded). */
  mailedTo: Schema.NullOr(NormalisedEmail),
  createdAt: Schema.Date,
  expiresAt: Schema.Date,
  usedAt: Schema.NullOr(Schema.Date),
  voidedAt: Schema.NullOr(Schema.Date)
})
export type ResetToken = typeof ResetToken.Type

export type ResetTokenStatus = "pending" | "used" | "voided" | "expired"

export interface IssueResetTokenInput extends IssueTokenInput<ResetTokenId> {
  readonly mailedTo: NormalisedEmail
}

export const issueResetToken = (input: IssueResetTokenInput, lifetimes: AuthLifetimes): ResetToken => ({
  id: input.id,
  customerId: input.customerId,
  tokenHash: input.tokenHash,
  mailedTo: input.mailedTo,
  createdAt: input.now,
  expiresAt: addMillis(input.now, secondsToMillis(lifetimes.resetTokenSeconds)),
  usedAt: null,
  voidedAt: null
})

export const resetTokenStatus = (token: ResetToken, now: Date): ResetTokenStatus => {
  if (token.usedAt !== null) return "used"
  if (token.voidedAt !== null) return "voided"
  if (now.getTime() >= token.expiresAt.getTime()) return "expired"
  return "pending"
}

/**
 * POST /auth/reset-password with a token: `token` is the row found by the presented token's
 * hash (or `undefined`). Success marks it used; persist it in the same transaction as the reset.
 */
export const redeemResetToken = (
  token: ResetToken | undefined,
  now: Date
): Result.Result<ResetToken, InvalidResetCredential> =>
  token !== undefined && resetTokenStatus(token, now) === "pending"
    ? Result.succeed({ ...token, usedAt: now })
    : Result.fail(new InvalidResetCredential())

/** Void a pending token; any other one is returned unchanged. */
export const voidResetToken = (token: ResetToken, now: Date): ResetToken =>
  resetTokenStatus(token, now) === "pending" ? { ...token, voidedAt: now } : token
