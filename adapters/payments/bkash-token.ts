/**
 * bKash's id token (Tokenized Checkout v1.2.0-beta, "Token Management"): granted by
 * `POST …/token/grant` and renewed by `POST …/token/refresh` with the `refresh_token`; each
 * lives `expires_in` seconds (an hour). bKash limits grants per hour, so one token is kept (a
 * Ref, its age read from the Clock) until a minute before it expires, and renewed by one fiber at
 * a time: callers waiting meanwhile find the renewed token and renew nothing. A call answered
 * HTTP 401 ("The incoming token has expired", "Unauthorized") drops that token, unless another
 * fiber has replaced it already, and is retried once with a renewed one (`authorized`): a refresh
 * with the refresh token, else a new grant.
 */
import { Clock, Effect, Ref, Schema, Semaphore } from "effect"
import type { GatewayUnavailable } from "../../application/payments/payment-gateway.ts"
import { optionalTexts } from "./gateway-http.ts"

export const TokenAnswer = Schema.Struct({
  ...optionalTexts("statusCode", "statusMessage", "id_token", "refresh_token"),
  expires_in: Schema.optionalKey(Schema.Union([Schema.Number, Schema.NumberFromString]))
})
type TokenAnswer = typeof TokenAnswer.Type

interface Token {
  readonly id: string
  readonly refresh: string
  /** When it is renewed (epoch ms): a minute before bKash's expiry; 0 once bKash refused it. */
  readonly until: number
}

export interface BkashTokenRequests {
  readonly grant: Effect.Effect<TokenAnswer, GatewayUnavailable>
  readonly refresh: (refreshToken: string) => Effect.Effect<TokenAnswer, GatewayUnavailable>
  readonly refused: (reason: string) => GatewayUnavailable
}

const OK = "0000"
const usable = (answer: TokenAnswer) => answer.id_token !== undefined && (answer.statusCode === undefined || answer.statusCode === OK)

export const makeBkashToken = (requests: BkashTokenRequests) =>
  Effect.gen(function*() {
    const kept = yield* Ref.make<Token | null>(null)
    const renewing = yield* Semaphore.make(1)

    const fresh = Effect.gen(function*() {
      const token = yield* Ref.get(kept)
      return token !== null && token.until > (yield* Clock.currentTimeMillis) ? token.id : null
    })

    const renew = Effect.gen(function*() {
      const token = yield* Ref.get(kept)
      const refreshed = token === null || token.refresh === ""
        ? null
        : yield* requests.refresh(token.refresh).pipe(Effect.map((answer) => usable(answer) ? answer : null), Effect.orElseSucceed(() => null))
      const answer = refreshed ?? (yield* requests.grant)
      if (!usable(answer) || answer.id_token === undefined) return yield* requests.refused(`token: ${answer.statusMessage ?? "refused"}`)
      const lifetime = Number(answer.expires_in ?? 3600) * 1000
      const now = yield* Clock.currentTimeMillis
      yield* Ref.set(kept, { id: answer.id_token, refresh: answer.refresh_token ?? "", until: now + Math.max(0, lifetime - 60_000) })
      return answer.id_token
    })

    /** A valid id token: the kept one, or one renewed by a single fiber while the others wait for it. */
    const idToken: Effect.Effect<string, GatewayUnavailable> = Effect.flatMap(fresh, (id) =>
      id !== null ? Effect.succeed(id) : renewing.withPermits(1)(Effect.flatMap(fresh, (again) => again !== null ? Effect.succeed(again) : renew)))

    /** bKash refused `id`: it is not used again (a token another fiber renewed meanwhile stays). */
    const drop = (id: string) => Ref.update(kept, (token) => token !== null && token.id === id ? { ...token, until: 0 } : token)

    /** `call` with a valid token; on HTTP 401, once more with a renewed one. */
    const authorized = <A>(call: (id: string) => Effect.Effect<A, GatewayUnavailable>): Effect.Effect<A, GatewayUnavailable> =>
      Effect.flatMap(idToken, (id) =>
        call(id).pipe(
          Effect.catchIf((error) => error.httpStatus === 401, () => drop(id).pipe(Effect.andThen(idToken), Effect.flatMap(call)))
        ))

    return { idToken, authorized }
  })
