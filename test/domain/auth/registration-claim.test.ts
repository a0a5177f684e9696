/**
 * The one decision on a proven contact (domain/auth/registration-claim.ts, docs/contract/accounts.md): a
 * registration over an existing customer is adopted only by a `verify_email` code requested and
 * presented with its own sessions; every other proof of the email undoes it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import {
  type ContactProof,
  isClaimSession,
  pendingClaim,
  proveContact
} from "../../../domain/auth/registration-claim.ts"
import { SessionOrigin } from "../../../domain/auth/session.ts"
import {
  Customer,
  isEmailVerified,
  isUnprovenLink,
  linkPassword,
  markPhoneVerified,
  visibleProfile
} from "../../../domain/customer/customer.ts"
import { NormalisedEmail } from "../../../domain/customer/email.ts"

const EMAIL = NormalisedEmail.make("ann@example.com")
const T0 = new Date("2026-01-01T00:00:00.000Z")
const T1 = new Date("2026-02-01T00:00:00.000Z")
const GIVEN_PHONE = "+8801700000001"

/** A password-less record (guest checkout) with the email, linked by a registration. */
const claimed = (before: Customer, givenPhone: string | null) => {
  const record: Customer = {
    ...before, email: EMAIL, passwordHash: null, registeredAt: null, createdAt: T0, verifiedEmail: null, linkedName: null, linkedPhone: null
  }
  return { record, linked: linkPassword(record, "$argon2id$registrant", T1, { name: "Registrant", phone: givenPhone }) }
}

const verifyEmail = (requestedWith: SessionOrigin | null, presentedWith: SessionOrigin | null): ContactProof => ({
  kind: "verify_code",
  channel: "email",
  destination: EMAIL,
  requestedWith,
  presentedWith
})

/** Every proof of the email other than a verify_email code from the claim's own sessions. */
const OwnersProof = Schema.Union([
  Schema.Struct({ kind: Schema.Literals(["login_code", "reset_code", "reset_link"]) }),
  Schema.Struct({ requestedWith: Schema.NullOr(SessionOrigin), presentedWith: Schema.NullOr(SessionOrigin) })
])
const ownersProof = (drawn: typeof OwnersProof.Type): ContactProof =>
  "kind" in drawn
    ? { kind: drawn.kind, channel: "email", destination: EMAIL }
    : isClaimSession(drawn.requestedWith) && isClaimSession(drawn.presentedWith)
    ? verifyEmail("code", drawn.presentedWith)
    : verifyEmail(drawn.requestedWith, drawn.presentedWith)

describe("a registration's claim on an existing customer", () => {
  it("the claim's sessions are its registration's and its password logins'", () => {
    expect(SessionOrigin.literals.filter(isClaimSession)).toEqual(["registration", "password"])
    expect(isClaimSession(null)).toBe(false)
  })

  it.prop(
    "a verify_email code requested and presented with the claim's own sessions adopts it",
    [Customer, Schema.NullOr(Schema.String), Schema.Literals(["registration", "password"]), Schema.Literals(["registration", "password"])],
    ([before, givenPhone, requestedWith, presentedWith]) => {
      const { linked, record } = claimed(before, givenPhone)
      const outcome = proveContact(linked, verifyEmail(requestedWith, presentedWith))
      expect(outcome.claim).toBe("adopted")
      expect(isEmailVerified(outcome.customer)).toBe(true)
      expect(outcome.customer).toMatchObject({
        name: "Registrant",
        phone: givenPhone ?? record.phone,
        passwordHash: "$argon2id$registrant",
        linkedName: null,
        linkedPhone: null
      })
      expect(pendingClaim(outcome.customer)).toBeUndefined()
    }
  )

  it.prop(
    "any other proof of the email proves the owner's mailbox: verified, and the record as it was before the registration",
    [Customer, Schema.NullOr(Schema.String), OwnersProof],
    ([before, givenPhone, drawn]) => {
      const { linked, record } = claimed(before, givenPhone)
      const outcome = proveContact(linked, ownersProof(drawn))
      expect(outcome.claim).toBe("undone")
      expect(isEmailVerified(outcome.customer)).toBe(true)
      expect(isUnprovenLink(outcome.customer)).toBe(false)
      expect(pendingClaim(outcome.customer)).toBeUndefined()
      expect(outcome.customer).toEqual({ ...record, verifiedEmail: EMAIL, verifiedPhone: null })
      expect(visibleProfile(outcome.customer)).toMatchObject({ name: record.name, phone: record.phone })
    }
  )

  it.prop(
    "a phone proven by its holder (an SMS login to the recorded phone) survives the claim's undoing",
    [Customer],
    ([before]) => {
      const { linked } = claimed({ ...before, phone: "+8801811111111" }, GIVEN_PHONE)
      const smsLogin = proveContact(linked, { kind: "login_code", channel: "sms", destination: "+8801811111111" })
      expect(smsLogin.claim).toBe("none")
      expect(pendingClaim(smsLogin.customer)).toEqual({ name: "Registrant", phone: GIVEN_PHONE })
      const undone = proveContact(smsLogin.customer, verifyEmail("code", "code"))
      expect(undone.claim).toBe("undone")
      expect(undone.customer).toMatchObject({ phone: "+8801811111111", verifiedPhone: "+8801811111111", passwordHash: null })
    }
  )

  it.prop(
    "a reset by a code to the phone replaces the registrant's password: the claim is undone, the email stays unproven",
    [Customer],
    ([before]) => {
      const { linked } = claimed({ ...before, phone: "+8801811111111" }, GIVEN_PHONE)
      const outcome = proveContact(linked, { kind: "reset_code", channel: "sms", destination: "+8801811111111" })
      expect(outcome.claim).toBe("undone")
      expect(isEmailVerified(outcome.customer)).toBe(false)
      expect(outcome.customer).toMatchObject({ linkedName: null, linkedPhone: null, passwordHash: null })
    }
  )

  it.prop(
    "without a pending claim a proof only marks what it proved",
    [Customer, Schema.Literals(["verify_code", "login_code", "reset_code", "reset_link"]), Schema.NullOr(SessionOrigin)],
    ([before, kind, origin]) => {
      const customer: Customer = { ...before, email: EMAIL, registeredAt: null }
      const proof: ContactProof = kind === "verify_code" ? verifyEmail(origin, origin) : { kind, channel: "email", destination: EMAIL }
      const outcome = proveContact(customer, proof)
      expect(outcome).toEqual({ customer: { ...customer, verifiedEmail: EMAIL }, claim: "none" })
      // a code sent to an address the customer no longer has proves nothing
      const elsewhere = proveContact(customer, { kind: "login_code", channel: "email", destination: "other@example.com" })
      expect(elsewhere).toEqual({ customer, claim: "none" })
      const phone = proveContact(customer, { kind: "login_code", channel: "sms", destination: customer.phone ?? "+1" })
      expect(phone.customer).toEqual(markPhoneVerified(customer, customer.phone ?? "+1"))
    }
  )
})
