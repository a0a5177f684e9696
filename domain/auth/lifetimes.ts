/**
 * Lifetimes of the auth credentials (docs/contract/accounts.md, all configurable). Suggested environment
 * variables: ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_IDLE_DAYS, REFRESH_TOKEN_MAX_DAYS,
 * OTP_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS, OTP_MAX_ATTEMPTS. Days may be fractional.
 *
 * Expiry convention used everywhere in domain/auth: a credential with lifetime L issued (or last
 * used) at t is valid while `now < t + L`; at `now === t + L` it is already expired.
 */
import { Schema } from "effect"

const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
const PositiveFinite = Schema.Finite.check(Schema.isGreaterThan(0))

export const AuthLifetimes = Schema.Struct({
  /** Access-token lifetime, also the `expiresIn` of every Tokens response. Default 900. */
  accessTokenSeconds: PositiveInt,
  /** A refresh session dies this long after its last use (login or refresh). Default 30. */
  refreshTokenIdleDays: PositiveFinite,
  /** ... and this long after the login that started it, whatever the use. Default 90. */
  refreshTokenMaxDays: PositiveFinite,
  /** OTP lifetime. Default 600. */
  otpSeconds: PositiveInt,
  /** Email reset-token lifetime. Default 3600. */
  resetTokenSeconds: PositiveInt,
  /** Wrong codes a verification survives: the n-th wrong one kills it. Default 5. */
  otpMaxAttempts: PositiveInt
})
export type AuthLifetimes = typeof AuthLifetimes.Type

export const defaultAuthLifetimes: AuthLifetimes = {
  accessTokenSeconds: 900,
  refreshTokenIdleDays: 30,
  refreshTokenMaxDays: 90,
  otpSeconds: 600,
  resetTokenSeconds: 3600,
  otpMaxAttempts: 5
}

export const MILLIS_PER_SECOND = 1_000
export const MILLIS_PER_DAY = 86_400_000

export const secondsToMillis = (seconds: number): number => Math.round(seconds * MILLIS_PER_SECOND)
export const daysToMillis = (days: number): number => Math.round(days * MILLIS_PER_DAY)

/** `date + millis` as a new Date. */
export const addMillis = (date: Date, millis: number): Date => new Date(date.getTime() + millis)
