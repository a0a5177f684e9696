/**
 * Whether a failure comes from the store being unreachable: the application's StoreUnavailable
 * (failure or defect), or a raw SQL connection error that escaped an adapter. Such failures
 * answer 503 with Retry-After instead of 500.
 */
import { Cause } from "effect"

const hasTag = (value: unknown, tag: string): boolean =>
  typeof value === "object" && value !== null && "_tag" in value && value._tag === tag

const isConnectionSqlError = (value: unknown): boolean =>
  hasTag(value, "SqlError") && typeof value === "object" && value !== null && "reason" in value &&
  (hasTag(value.reason, "ConnectionError") || hasTag(value.reason, "AuthenticationError"))

const isUnavailable = (value: unknown): boolean => hasTag(value, "StoreUnavailable") || isConnectionSqlError(value)

export const isStoreUnavailableCause = <E>(cause: Cause.Cause<E>): boolean =>
  cause.reasons.some((reason) =>
    (Cause.isFailReason(reason) && isUnavailable(reason.error)) ||
    (Cause.isDieReason(reason) && isUnavailable(reason.defect))
  )
