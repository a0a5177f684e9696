/**
 * Password policy (docs/contract/accounts.md): the password is Unicode NFKC-normalised, must then be 8..128
 * Unicode code points long (an astral character such as "😀" counts once, not twice; the
 * password is never truncated), has no composition rules, and must not be a common password
 * (case-insensitive). The NFKC form is what gets hashed and, at login, compared.
 */
import { Result, Schema } from "effect"
import { PasswordTooWeak } from "./errors/password-too-weak.ts"

export const PASSWORD_MIN_CODE_POINTS = 8
export const PASSWORD_MAX_CODE_POINTS = 128

/** Unicode NFKC normalisation, applied to every password before checking, hashing or verifying. */
export const normalisePassword = (raw: string): string => raw.normalize("NFKC")

/** Length in Unicode code points (a surrogate pair counts once). */
export const codePointLength = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** An NFKC-normalised password that passed the policy; the only input the password hasher should take. */
export const NormalisedPassword = Schema.String.check(
  Schema.isBetweenCodePoints(PASSWORD_MIN_CODE_POINTS, PASSWORD_MAX_CODE_POINTS)
).pipe(Schema.brand("NormalisedPassword"))
export type NormalisedPassword = typeof NormalisedPassword.Type

/** The length part of the policy on an already-normalised password; `undefined` when it is fine. */
export const passwordLengthIssue = (normalised: string): "too_short" | "too_long" | undefined => {
  const length = codePointLength(normalised)
  if (length < PASSWORD_MIN_CODE_POINTS) return "too_short"
  if (length > PASSWORD_MAX_CODE_POINTS) return "too_long"
  return undefined
}

/**
 * The whole policy, pure: normalise, check the length, then the common list.
 * Length is checked first, so a short common password reports `too_short`.
 */
export const checkNewPassword = (
  raw: string,
  isCommon: (normalisedPassword: string) => boolean
): Result.Result<NormalisedPassword, PasswordTooWeak> => {
  const normalised = normalisePassword(raw)
  const lengthIssue = passwordLengthIssue(normalised)
  if (lengthIssue !== undefined) return Result.fail(new PasswordTooWeak({ reason: lengthIssue }))
  if (isCommon(normalised)) return Result.fail(new PasswordTooWeak({ reason: "common" }))
  return Result.succeed(NormalisedPassword.make(normalised))
}
