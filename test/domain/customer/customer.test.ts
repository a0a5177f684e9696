import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  applyProfileUpdate,
  checkMayVerifyPhone,
  checkOrdersAccess,
  isEmailVerified,
  isLinkedAccount,
  isPhoneVerified,
  Customer,
  CustomerName,
  hasPassword,
  linkPassword,
  markEmailVerified,
  markPhoneVerified,
  newRegisteredCustomer,
  setPassword,
  visibleProfile
} from "../../../domain/customer/customer.ts"
import { NormalisedEmail } from "../../../domain/customer/email.ts"
import { CanonicalPhone } from "../../../domain/customer/phone.ts"
import { EmailAlreadyRegistered } from "../../../domain/customer/errors/email-already-registered.ts"
import { decideRegistration, registerCustomer, type RegistrationInput } from "../../../domain/customer/registration.ts"
import { AddressId, CustomerId } from "../../../domain/shared/ids.ts"

const email = (s: string) => NormalisedEmail.make(s)
const phone = (s: string) => CanonicalPhone.make(s)
const T0 = new Date("2026-01-01T00:00:00.000Z")
const T1 = new Date("2026-02-01T00:00:00.000Z")

const base: Customer = {
  id: CustomerId.make("cus_1"),
  name: "Chat Customer",
  email: email("ann@example.com"),
  phone: "+15550001",
  avatarUrl: null,
  defaultShippingAddressId: AddressId.make("addr_1"),
  passwordHash: null,
  verifiedEmail: null,
  verifiedPhone: "+15550001",
  linkedName: null,
  linkedPhone: null,
  createdAt: T0,
  registeredAt: null
}

const input: RegistrationInput = {
  newCustomerId: CustomerId.make("cus_new"),
  name: "Ann",
  email: email("ann@example.com"),
  phone: "+15559999",
  passwordHash: "$argon2id$new",
  now: T1
}

describe("registration decision", () => {
  it("no existing customer → create a new, unverified customer", () => {
    const r = registerCustomer(undefined, input)
    expect(Result.isSuccess(r)).toBe(true)
    if (Result.isFailure(r)) return
    expect(r.success.created).toBe(true)
    expect(r.success.customer).toEqual({
      id: "cus_new",
      name: "Ann",
      email: "ann@example.com",
      phone: "+15559999",
      avatarUrl: null,
      defaultShippingAddressId: null,
      passwordHash: "$argon2id$new",
      verifiedEmail: null,
      verifiedPhone: null,
      linkedName: null,
      linkedPhone: null,
      createdAt: T1,
      registeredAt: T1
    })
    expect(Schema.is(Customer)(r.success.customer)).toBe(true)
  })

  it("password-less customer → the password is linked; nothing else of the profile changes", () => {
    const r = registerCustomer(base, input)
    if (Result.isFailure(r)) throw new Error("expected success")
    expect(r.success.created).toBe(false)
    // the stored profile stays; every verification is dropped; the registrant's name and phone wait aside
    expect(r.success.customer).toEqual({
      ...base,
      passwordHash: "$argon2id$new",
      registeredAt: T1,
      verifiedEmail: null,
      verifiedPhone: null,
      linkedName: "Ann",
      linkedPhone: input.phone
    })
  })

  it("linking clears a previously proven email and phone (the registrant has proven nothing)", () => {
    const r = registerCustomer({ ...base, verifiedEmail: email("ann@example.com") }, input)
    expect(Result.isSuccess(r) && isEmailVerified(r.success.customer)).toBe(false)
    expect(Result.isSuccess(r) && isPhoneVerified(r.success.customer)).toBe(false)
  })

  it("customer with a password → EmailAlreadyRegistered", () => {
    const r = decideRegistration({ ...base, passwordHash: "$argon2id$old" })
    expect(Result.isFailure(r) && r.failure).toBeInstanceOf(EmailAlreadyRegistered)
  })

  it.prop("for any existing customer the decision depends only on hasPassword", [Customer], ([existing]) => {
    const r = registerCustomer(existing, input)
    if (hasPassword(existing)) {
      expect(Result.isFailure(r) && r.failure._tag).toBe("EmailAlreadyRegistered")
    } else {
      if (Result.isFailure(r)) throw new Error("expected a link")
      expect(r.success.created).toBe(false)
      expect(r.success.customer.id).toBe(existing.id)
      expect(r.success.customer.name).toBe(existing.name)
      expect(r.success.customer.passwordHash).toBe(input.passwordHash)
      expect(isEmailVerified(r.success.customer)).toBe(false)
      expect(hasPassword(r.success.customer)).toBe(true)
      // a second registration of the same email is now refused
      expect(Result.isFailure(registerCustomer(r.success.customer, input))).toBe(true)
    }
  })
})

describe("customer state", () => {
  it("linking twice keeps the first registeredAt; setPassword only swaps the hash", () => {
    const linked = linkPassword(base, "h1", T1, { name: "Ann", phone: null })
    const relinked = linkPassword(linked, "h2", new Date("2027-01-01T00:00:00.000Z"), { name: "Ann", phone: null })
    expect(relinked.registeredAt).toEqual(T1)
    expect(setPassword(linked, "h3")).toEqual({ ...linked, passwordHash: "h3" })
  })

  it("email/phone verification only applies to the address the code was sent to", () => {
    expect(isEmailVerified(markEmailVerified(base, email("ann@example.com")))).toBe(true)
    expect(isEmailVerified(markEmailVerified(base, email("other@example.com")))).toBe(false)
    expect(isEmailVerified(markEmailVerified({ ...base, email: null }, email("ann@example.com")))).toBe(false)
    const unverifiedPhone = { ...base, verifiedPhone: null }
    expect(isPhoneVerified(markPhoneVerified(unverifiedPhone, "+15550001"))).toBe(true)
    expect(isPhoneVerified(markPhoneVerified(unverifiedPhone, "+1 555-0001"))).toBe(true)
    expect(isPhoneVerified(markPhoneVerified(unverifiedPhone, "+15550002"))).toBe(false)
  })

  it("profile update: changing email or phone marks it unverified, same value keeps the flag", () => {
    const verified = { ...base, verifiedEmail: email("ann@example.com"), verifiedPhone: "+15550001" }
    const noOwners = { emailOwnerId: null, phoneOwnerId: null }
    const changed = applyProfileUpdate(verified, { email: email("new@example.com"), phone: phone("+15559990") }, noOwners)
    expect(Result.isSuccess(changed) && changed.success).toEqual({
      ...verified,
      email: "new@example.com",
      phone: "+15559990",
      verifiedEmail: null,
      verifiedPhone: null
    })
    const same = applyProfileUpdate(verified, { email: email("ann@example.com"), name: "Ann B" }, { emailOwnerId: CustomerId.make("cus_1"), phoneOwnerId: null })
    expect(Result.isSuccess(same) && same.success).toEqual({ ...verified, name: "Ann B" })
    const cleared = applyProfileUpdate(verified, { phone: null }, noOwners)
    expect(Result.isSuccess(cleared) && cleared.success.phone).toBe(null)
  })

  it("profile update: an email or phone of another customer → EmailAlreadyRegistered", () => {
    const takenEmail = applyProfileUpdate(base, { email: email("bob@example.com") }, { emailOwnerId: CustomerId.make("cus_2"), phoneOwnerId: null })
    expect(Result.isFailure(takenEmail) && takenEmail.failure._tag).toBe("EmailAlreadyRegistered")
    const takenPhone = applyProfileUpdate(base, { phone: phone("+15557770") }, { emailOwnerId: null, phoneOwnerId: CustomerId.make("cus_2") })
    expect(Result.isFailure(takenPhone) && takenPhone.failure._tag).toBe("EmailAlreadyRegistered")
  })

  it("profile update: a linked account cannot change its email until that email is verified", () => {
    const noOwners = { emailOwnerId: null, phoneOwnerId: null }
    const linked = linkPassword(base, "h", T1, { name: "Ann", phone: null })
    expect(isLinkedAccount(linked)).toBe(true)
    const swap = applyProfileUpdate(linked, { email: email("attacker@example.com") }, noOwners)
    expect(Result.isFailure(swap) && swap.failure._tag).toBe("EmailVerificationRequired")
    const clear = applyProfileUpdate(linked, { email: null }, noOwners)
    expect(Result.isFailure(clear) && clear.failure._tag).toBe("EmailVerificationRequired")
    // no phone can be planted or changed either (issue 18); what it is shown may be sent back,
    // and a name change is held apart from the recorded name
    const planted = applyProfileUpdate(linked, { phone: phone("+15558880") }, noOwners)
    expect(Result.isFailure(planted) && planted.failure._tag).toBe("EmailVerificationRequired")
    const harmless = applyProfileUpdate(linked, { email: email("ann@example.com"), name: "Ann B", phone: null }, noOwners)
    if (Result.isFailure(harmless)) return expect.unreachable()
    expect(harmless.success).toEqual({ ...linked, linkedName: "Ann B" })
    // once the email is verified, or for a customer created by registering, the email may change
    const verified = markEmailVerified(linked, email("ann@example.com"))
    expect(Result.isSuccess(applyProfileUpdate(verified, { email: email("new@example.com") }, noOwners))).toBe(true)
    const registered = registerCustomer(undefined, input)
    if (Result.isFailure(registered)) return expect.unreachable()
    expect(isLinkedAccount(registered.success.customer)).toBe(false)
    const fresh = applyProfileUpdate(registered.success.customer, { email: email("new@example.com") }, noOwners)
    expect(Result.isSuccess(fresh)).toBe(true)
  })

  it("orders access: a linked account is blocked until its email is verified, whatever orders exist; others never", () => {
    const linked = linkPassword(base, "h", T1, { name: "Ann", phone: null })
    const blocked = checkOrdersAccess(linked)
    expect(Result.isFailure(blocked) && blocked.failure._tag).toBe("EmailVerificationRequired")
    expect(Result.isSuccess(checkOrdersAccess(markEmailVerified(linked, email("ann@example.com"))))).toBe(true)
    const registered = registerCustomer(undefined, input)
    if (Result.isFailure(registered)) return expect.unreachable()
    expect(Result.isSuccess(checkOrdersAccess(registered.success.customer))).toBe(true) // brand new, unverified
    expect(Result.isSuccess(checkOrdersAccess(base))).toBe(true) // password-less: signs in by a code to its contact
  })

  it("an unproven linked account sees only what the registrant gave; once its email is proven, the account", () => {
    const linked = linkPassword(base, "h", T1, { name: "Ann the registrant", phone: null })
    expect(visibleProfile(linked)).toMatchObject({
      name: "Ann the registrant", email: "ann@example.com", phone: null, avatarUrl: null, defaultShippingAddressId: null
    })
    const proven = markEmailVerified(linked, email("ann@example.com"))
    expect(visibleProfile(proven)).toEqual(proven)
    expect(visibleProfile(base)).toEqual(base)
  })

  it.prop(
    "an unproven link never overwrites the record kept from before it, whatever the patch (issue 18)",
    [Customer, CustomerName, Schema.NullOr(CanonicalPhone), Schema.NullOr(NormalisedEmail), Schema.Boolean],
    ([before, name, phone, otherEmail, withContact]) => {
      const linked = linkPassword({ ...before, email: email("ann@example.com"), passwordHash: null, registeredAt: null, createdAt: T0 }, "h", T1, {
        name: "Registrant",
        phone: "+8801700000001"
      })
      const patch = withContact ? { name, phone, email: otherEmail } : { name }
      const r = applyProfileUpdate(linked, patch, { emailOwnerId: null, phoneOwnerId: null })
      if (Result.isSuccess(r)) {
        expect([r.success.name, r.success.email, r.success.phone, r.success.verifiedPhone])
          .toEqual([linked.name, linked.email, linked.phone, linked.verifiedPhone])
      } else {
        expect(r.failure._tag).toBe("EmailVerificationRequired")
      }
    }
  )

  it("customer name: 1..200 code points", () => {
    const isName = Schema.is(CustomerName)
    expect(isName("")).toBe(false)
    expect(isName("a")).toBe(true)
    expect(isName("a".repeat(200))).toBe(true)
    expect(isName("a".repeat(201))).toBe(false)
    expect(isName("\u{1F600}".repeat(200))).toBe(true)
  })

  it("newRegisteredCustomer starts unverified with no avatar or address", () => {
    const c = newRegisteredCustomer({ id: CustomerId.make("cus_x"), name: "X", email: email("x@example.com"), phone: null, passwordHash: "h", now: T0 })
    expect([isEmailVerified(c), isPhoneVerified(c), c.avatarUrl, c.defaultShippingAddressId]).toEqual([false, false, null, null])
  })
})
