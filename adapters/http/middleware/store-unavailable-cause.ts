/**
 * Whether a failure comes from the store being unreachable: the application's StoreUnavailable
 * (failure or defect), or a SQL error that escaped an adapter and that the one rule of
 * adapters/sql classifies as "database unavailable". Such failures answer 503 with Retry-After
 * instead of 500.
 */
import { Cause } from "effect"
import { isDatabaseUnavailable, isSqlError } from "../../sql/database-unavailable.ts"

const isUnavailable = (value: unknown): boolean =>
  (typeof value === "object" && value !== null && "_tag" in value && value._tag === "StoreUnavailable") ||
  (isSqlError(value) && isDatabaseUnavailable(value))

export const isStoreUnavailableCause = <E>(cause: Cause.Cause<E>): boolean =>
  cause.reasons.some((reason) =>
    (Cause.isFailReason(reason) && isUnavailable(reason.error)) ||
    (Cause.isDieReason(reason) && isUnavailable(reason.defect))
  )
