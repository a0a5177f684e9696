/**
 * When a failed delivery is tried again: exponential backoff with jitter, up to a number of
 * attempts, after which the message is a dead letter. A permanent failure (the gateway refused
 * the message itself) is a dead letter at once.
 */
export interface RetryPolicy {
  /** Attempts before the message is a dead letter (the first one included). */
  readonly maxAttempts: number
  /** The delay after the first failed attempt; it doubles with each further one. */
  readonly firstDelayMillis: number
  /** The most any delay grows to. */
  readonly maxDelayMillis: number
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 8, firstDelayMillis: 2_000, maxDelayMillis: 10 * 60_000 }

/**
 * The delay after failed attempt number `attempt` (1-based): `first · 2^(attempt-1)`, capped,
 * then "equal jitter" (half of it fixed, the other half scaled by `jitter` in [0, 1)), so relays
 * that failed together do not retry together.
 */
export const retryDelayMillis = (policy: RetryPolicy, attempt: number, jitter: number): number => {
  const exact = Math.min(policy.maxDelayMillis, policy.firstDelayMillis * 2 ** Math.min(30, Math.max(0, attempt - 1)))
  return Math.round(exact / 2 + (exact / 2) * Math.min(Math.max(jitter, 0), 1))
}

export type AfterFailure =
  | { readonly _tag: "Retry"; readonly delayMillis: number }
  | { readonly _tag: "DeadLetter" }

/** What follows failed attempt number `attempts`. */
export const afterFailure = (
  policy: RetryPolicy,
  attempts: number,
  permanent: boolean,
  jitter: number
): AfterFailure =>
  permanent || attempts >= policy.maxAttempts
    ? { _tag: "DeadLetter" }
    : { _tag: "Retry", delayMillis: retryDelayMillis(policy, attempts, jitter) }
