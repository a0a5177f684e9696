/**
 * Port: the rate-limit counters of docs/contract/accounts.md, shared by every instance (they live in the
 * database). The rules and the decision are the domain's (domain/auth/rate-limit.ts); the
 * adapter counts each rule's window and records events, atomically per counter key, so that
 * concurrent requests cannot all slip under a limit.
 * Adapters: adapters/postgres/postgres-rate-limiter.ts, adapters/memory/memory-rate-limiter.ts.
 */
import { Context, type Effect } from "effect"
import type { RateLimitRule } from "../../domain/auth/rate-limit.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export interface RateLimitCheck {
  readonly rule: RateLimitRule
  /** The email, client IP or destination the rule counts for. */
  readonly scopeValue: string
}

export type RateLimitAttempt =
  /** Every rule allowed; one event was recorded per check (`eventIds`, for `release`). */
  | { readonly _tag: "Allowed"; readonly eventIds: ReadonlyArray<string> }
  /** Some rule refused; nothing was recorded. */
  | { readonly _tag: "Limited"; readonly retryAfterSeconds: number }

export class RateLimiter extends Context.Service<RateLimiter, {
  /**
   * Decides every check on its sliding window (`decideRateLimit`, combined); when all allow,
   * records one event per check at `now`. Decision and recording are atomic per counter key.
   */
  readonly consume: (checks: ReadonlyArray<RateLimitCheck>, now: Date) => Effect.Effect<RateLimitAttempt, StoreUnavailable>
  /** Takes back recorded events (a login attempt counted up front that turned out to succeed). */
  readonly release: (eventIds: ReadonlyArray<string>) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/RateLimiter") {}
