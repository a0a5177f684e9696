import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { InvalidRefreshToken } from "../../../domain/auth/errors/invalid-refresh-token.ts"
import { RefreshTokenReused } from "../../../domain/auth/errors/refresh-token-reused.ts"
import { type AuthLifetimes, defaultAuthLifetimes, MILLIS_PER_DAY } from "../../../domain/auth/lifetimes.ts"
import {
  absoluteExpiresAt,
  idleExpiresAt,
  issueSession,
  logoutSession,
  revokeAllSessions,
  revokeSession,
  rotateOutcomeToResult,
  rotateSession,
  type Session,
  Session as SessionSchema,
  sessionStatus
} from "../../../domain/auth/session.ts"
import { CustomerId, SessionId } from "../../../domain/shared/ids.ts"

const T0 = new Date("2026-03-01T12:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const DAY = MILLIS_PER_DAY
const login = (tokenHash = "h0") => issueSession({ openedBy: "password", id: SessionId.make("ses_1"), customerId: CustomerId.make("cus_1"), tokenHash, now: T0 })

const rotate = (session: Session | undefined, presented: string, next: string, now: Date, lifetimes: AuthLifetimes = defaultAuthLifetimes) =>
  rotateSession(session, { presentedTokenHash: presented, nextTokenHash: next, now }, lifetimes)

/** Rotate and insist on success. */
const rotated = (session: Session, presented: string, next: string, now: Date): Session => {
  const outcome = rotate(session, presented, next, now)
  if (outcome._tag !== "Rotated") throw new Error(`expected Rotated, got ${outcome._tag}`)
  return outcome.session
}

// Random refresh / reuse / logout / idle sequences, on short lifetimes so expiry happens too.
const shortLifetimes: AuthLifetimes = { ...defaultAuthLifetimes, refreshTokenIdleDays: 1, refreshTokenMaxDays: 3 }
const Minutes = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 240 }))
const Step = Schema.Union([
  Schema.TaggedStruct("RefreshCurrent", { after: Minutes }),
  Schema.TaggedStruct("RefreshRotated", { after: Minutes, pick: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1000 })) }),
  Schema.TaggedStruct("RefreshUnknown", { after: Minutes }),
  // a long pause: idle expiry after 24 h without use
  Schema.TaggedStruct("Wait", { after: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 48 * 60 })) }),
  // logs out only when roll is 0, so sequences usually live long enough to rotate and reuse
  Schema.TaggedStruct("Logout", { after: Minutes, roll: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })) })
])
const Steps = Schema.Array(Step).check(Schema.isBetweenLength(1, 40))

/** What the random sequences exercised, checked by the test after the property. */
const seen = { rotated: 0, reused: 0, rejectedExpired: 0, rejectedRevoked: 0, logout: 0 }

/** How many of the hashes ever handed out would still be accepted by a refresh at `now`. */
const liveTokenCount = (session: Session, issued: ReadonlyArray<string>, now: Date) =>
  issued.filter((h) => rotate(session, h, `probe-${h}`, now, shortLifetimes)._tag === "Rotated").length

describe("refresh-token session rotation", () => {
  it("login issues generation 0 with the given hash as current", () => {
    const s = login()
    expect(s).toEqual({
      id: "ses_1",
      customerId: "cus_1",
      openedBy: "password",
      createdAt: T0,
      lastUsedAt: T0,
      revokedAt: null,
      currentTokenHash: "h0",
      rotatedTokenHashes: [],
      generation: 0
    })
    expect(Schema.is(SessionSchema)(s)).toBe(true)
  })

  it("rotation: new hash becomes current, the old one is rotated out, lastUsedAt moves", () => {
    const s1 = rotated(login(), "h0", "h1", at(1000))
    expect(s1.currentTokenHash).toBe("h1")
    expect(s1.rotatedTokenHashes).toEqual(["h0"])
    expect(s1.generation).toBe(1)
    expect(s1.lastUsedAt).toEqual(at(1000))
    expect(s1.createdAt).toEqual(T0)
  })

  it("presenting a rotated token revokes the whole session, also for the newest token", () => {
    const s2 = rotated(rotated(login(), "h0", "h1", at(1)), "h1", "h2", at(2))
    const reuse = rotate(s2, "h0", "h3", at(3))
    expect(reuse._tag).toBe("Reused")
    if (reuse._tag !== "Reused") return
    expect(reuse.error).toBeInstanceOf(RefreshTokenReused)
    expect(reuse.error.sessionId).toBe("ses_1")
    expect(reuse.session.revokedAt).toEqual(at(3))
    // the legitimate newest token is dead too
    const after = rotate(reuse.session, "h2", "h4", at(4))
    expect(after._tag).toBe("Rejected")
    const result = rotateOutcomeToResult(after)
    expect(Result.isFailure(result) && result.failure).toBeInstanceOf(InvalidRefreshToken)
  })

  it("unknown token, missing session and revoked session → InvalidRefreshToken, no state change", () => {
    expect(rotate(login(), "nope", "h1", at(1))._tag).toBe("Rejected")
    expect(rotate(undefined, "h0", "h1", at(1))._tag).toBe("Rejected")
    const revoked = revokeSession(login(), at(1))
    const outcome = rotate(revoked, "h0", "h1", at(2))
    expect(outcome._tag).toBe("Rejected")
  })

  it("logout revokes the session that knows the token and is idempotent", () => {
    const s1 = rotated(login(), "h0", "h1", at(1))
    const out = logoutSession(s1, "h1", at(5))
    expect(out?.revokedAt).toEqual(at(5))
    const again = out && logoutSession(out, "h1", at(9))
    expect(again).toEqual(out) // keeps the first revocation time
    expect(logoutSession(s1, "h0", at(5))?.revokedAt).toEqual(at(5)) // a rotated token also logs out
    expect(logoutSession(s1, "unknown", at(5))).toBeUndefined()
    expect(logoutSession(undefined, "h1", at(5))).toBeUndefined()
  })

  it("revokeAllSessions revokes every session and keeps earlier revocations", () => {
    const a = login("a")
    const b = revokeSession(issueSession({ openedBy: "password", id: SessionId.make("ses_2"), customerId: CustomerId.make("cus_1"), tokenHash: "b", now: T0 }), at(1))
    const [ra, rb] = revokeAllSessions([a, b], at(10))
    expect(ra?.revokedAt).toEqual(at(10))
    expect(rb?.revokedAt).toEqual(at(1))
  })

  describe("expiry boundaries (defaults: idle 30 days, absolute 90 days)", () => {
    it("idle: valid 1 ms before 30 days without use, dead at exactly 30 days", () => {
      const s = login()
      expect(idleExpiresAt(s, defaultAuthLifetimes)).toEqual(at(30 * DAY))
      expect(rotate(s, "h0", "h1", at(30 * DAY - 1))._tag).toBe("Rotated")
      expect(rotate(s, "h0", "h1", at(30 * DAY))._tag).toBe("Rejected")
      expect(sessionStatus(s, at(30 * DAY), defaultAuthLifetimes)).toBe("idle_expired")
    })

    it("each refresh restarts the idle clock", () => {
      const s1 = rotated(login(), "h0", "h1", at(29 * DAY))
      expect(rotate(s1, "h1", "h2", at(58 * DAY))._tag).toBe("Rotated")
      expect(rotate(s1, "h1", "h2", at(59 * DAY))._tag).toBe("Rejected")
    })

    it("absolute: 90 days after login the session dies even when used every day", () => {
      let s = login()
      let n = 0
      for (let day = 29; day < 90; day += 29) s = rotated(s, `h${n}`, `h${++n}`, at(day * DAY)) // days 29, 58, 87
      expect(absoluteExpiresAt(s, defaultAuthLifetimes)).toEqual(at(90 * DAY))
      expect(sessionStatus(s, at(90 * DAY - 1), defaultAuthLifetimes)).toBe("active")
      expect(rotate(s, `h${n}`, "x", at(90 * DAY - 1))._tag).toBe("Rotated")
      expect(rotate(s, `h${n}`, "x", at(90 * DAY))._tag).toBe("Rejected")
      expect(sessionStatus(s, at(90 * DAY), defaultAuthLifetimes)).toBe("absolute_expired")
    })

    it("an expired session is not changed by presenting its current token", () => {
      const s = login()
      const outcome = rotate(s, "h0", "h1", at(31 * DAY))
      expect(outcome).toEqual({ _tag: "Rejected", error: new InvalidRefreshToken() })
    })
  })

  it.prop("random refresh/reuse/logout sequences: never two live tokens, reuse always kills the session", [Steps], ([steps]) => {
    let session = login("t0")
    let clock = T0.getTime()
    const issued: Array<string> = ["t0"]
    let fresh = 1
    for (const step of steps) {
      clock += step.after * 60_000
      const now = new Date(clock)
      const wasRevoked = session.revokedAt !== null
      const wasActive = sessionStatus(session, now, shortLifetimes) === "active"
      const next = `t${fresh++}`
      switch (step._tag) {
        case "RefreshCurrent": {
          const outcome = rotate(session, session.currentTokenHash, next, now, shortLifetimes)
          expect(outcome._tag).toBe(wasActive ? "Rotated" : "Rejected")
          if (outcome._tag === "Rejected") {
            if (wasRevoked) seen.rejectedRevoked++
            else seen.rejectedExpired++
          }
          if (outcome._tag === "Rotated") {
            seen.rotated++
            issued.push(next)
            session = outcome.session
          }
          break
        }
        case "RefreshRotated": {
          if (session.rotatedTokenHashes.length === 0) break
          const old = session.rotatedTokenHashes[step.pick % session.rotatedTokenHashes.length] ?? ""
          const outcome = rotate(session, old, next, now, shortLifetimes)
          expect(outcome._tag).toBe(wasRevoked ? "Rejected" : "Reused")
          if (outcome._tag === "Reused") {
            seen.reused++
            session = outcome.session
          }
          expect(session.revokedAt).not.toBeNull()
          break
        }
        case "RefreshUnknown": {
          const outcome = rotate(session, `unknown-${next}`, next, now, shortLifetimes)
          expect(outcome._tag).toBe("Rejected")
          break
        }
        case "Wait":
          break
        case "Logout": {
          if (step.roll !== 0) break
          seen.logout++
          const out = logoutSession(session, session.currentTokenHash, now)
          expect(out?.revokedAt).not.toBeNull()
          if (wasRevoked) expect(out).toEqual(session)
          if (out) session = out
          break
        }
      }
      // invariants after every step
      const live = liveTokenCount(session, issued, now)
      expect(live).toBeLessThanOrEqual(1)
      if (session.revokedAt !== null) expect(live).toBe(0)
      if (live === 1) expect(rotate(session, session.currentTokenHash, "probe", now, shortLifetimes)._tag).toBe("Rotated")
      expect(session.generation).toBe(session.rotatedTokenHashes.length)
      expect(session.rotatedTokenHashes).not.toContain(session.currentTokenHash)
      expect(new Set(session.rotatedTokenHashes).size).toBe(session.rotatedTokenHashes.length)
      expect(Schema.is(SessionSchema)(session)).toBe(true)
    }
  }, { arbitrary: { runs: 300 } })

  it("the random sequences covered rotation, reuse, expiry, revocation and logout", () => {
    expect(seen.rotated).toBeGreaterThan(0)
    expect(seen.reused).toBeGreaterThan(0)
    expect(seen.rejectedExpired).toBeGreaterThan(0)
    expect(seen.rejectedRevoked).toBeGreaterThan(0)
    expect(seen.logout).toBeGreaterThan(0)
  })
})
