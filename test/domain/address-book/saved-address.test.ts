/**
 * The address book's rules (domain/address-book/saved-address.ts): what an account sees (an
 * unproven linked account only what it created after the linking), the limit of 20 visible
 * addresses, patches that must leave a whole Address, the default, and what a signed-in checkout
 * does with its shipping address.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  addToBook,
  assertVisible,
  checkoutAddressDecision,
  chooseDefault,
  isVisibleTo,
  MAX_SAVED_ADDRESSES,
  patchSavedAddress,
  sameAddress,
  type SavedAddress,
  visibleAddresses,
  visibleDefaultAddressId,
  withoutRemovedDefault
} from "../../../domain/address-book/saved-address.ts"
import { type Customer, linkPassword, markEmailVerified } from "../../../domain/customer/customer.ts"
import { NormalisedEmail } from "../../../domain/customer/email.ts"
import type { Address } from "../../../domain/shipping/address.ts"
import { AddressId, CustomerId } from "../../../domain/shared/ids.ts"

const T0 = new Date("2026-01-01T00:00:00.000Z")
const LINKED_AT = new Date("2026-02-01T00:00:00.000Z")
const at = (days: number) => new Date(T0.getTime() + days * 86_400_000)

const HOME: Address = {
  name: "Rahim Uddin", phone: "01711000000", house: "12", road: "Lake Road", thana: "Gulshan", district: "Dhaka",
  division: "Dhaka", city: "Dhaka", postcode: "1212", country: "BD", note: "", email: ""
}

const registered: Customer = {
  id: CustomerId.make("cus_1"), name: "Ann", email: NormalisedEmail.make("ann@example.com"), phone: null, avatarUrl: null,
  defaultShippingAddressId: null, passwordHash: "hash", verifiedEmail: null, verifiedPhone: null, linkedName: null,
  linkedPhone: null,
  createdAt: T0, registeredAt: T0
}
/** A chat customer (created at T0) whose email someone registered with at LINKED_AT, unproven. */
const chatCustomer: Customer = { ...registered, passwordHash: null, registeredAt: null }
const linked = linkPassword(chatCustomer, "hash", LINKED_AT, { name: "Registrant", phone: null })

let sequence = 0
const saved = (customerId: string, createdAt: Date, address: Address = HOME): SavedAddress => ({
  id: AddressId.make(`addr_${(sequence++).toString(36)}`), customerId: CustomerId.make(customerId), address, createdAt, updatedAt: createdAt
})
const book = (customerId: string, count: number, createdAt: Date) =>
  Array.from({ length: count }, (_, index) => saved(customerId, createdAt, { ...HOME, house: String(index) }))

const Count = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 45 }))
const Day = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 60 }))

describe("visibility", () => {
  it.prop("a registered (or proven) account sees every address of its own, whenever made", [Day], ([day]) => {
    expect(isVisibleTo(registered, saved("cus_1", at(day)))).toBe(true)
    expect(isVisibleTo(registered, saved("cus_2", at(day)))).toBe(false)
  })

  it.prop("an unproven linked account sees exactly the addresses made after the linking", [Day], ([day]) => {
    const address = saved("cus_1", at(day))
    expect(isVisibleTo(linked, address)).toBe(at(day).getTime() > LINKED_AT.getTime())
    // proving the email shows the rest
    expect(isVisibleTo(markEmailVerified(linked, linked.email!), address)).toBe(true)
  })

  it("another customer's address, an unknown one and a hidden one are all AddressNotFound", () => {
    const hidden = saved("cus_1", T0)
    const mine = saved("cus_1", at(40))
    for (const [customer, id, found] of [
      [registered, AddressId.make("addr_x"), saved("cus_2", T0)],
      [registered, AddressId.make("addr_x"), undefined],
      [linked, hidden.id, hidden]
    ] as const) {
      const result = assertVisible(customer, id, found)
      expect(Result.isFailure(result) && result.failure._tag).toBe("AddressNotFound")
    }
    expect(assertVisible(linked, mine.id, mine)).toEqual(Result.succeed(mine))
  })
})

describe("the limit", () => {
  it.prop("a new address is accepted exactly while fewer than 20 are visible", [Count, Count], ([visible, hidden]) => {
    const stored = [...book("cus_1", hidden, T0), ...book("cus_1", visible, at(40))]
    const added = addToBook(linked, stored, { id: AddressId.make("addr_new"), address: HOME, now: at(40) })
    expect(Result.isSuccess(added)).toBe(visible < MAX_SAVED_ADDRESSES)
    if (Result.isFailure(added)) expect(added.failure).toMatchObject({ _tag: "AddressLimitReached", limit: 20 })
    else expect(added.success).toEqual({ id: "addr_new", customerId: "cus_1", address: HOME, createdAt: at(40), updatedAt: at(40) })
  })

  it.prop("for an account that sees everything, every stored address counts", [Count], ([count]) => {
    const added = addToBook(registered, book("cus_1", count, T0), { id: AddressId.make("addr_new"), address: HOME, now: at(1) })
    expect(Result.isSuccess(added)).toBe(count < MAX_SAVED_ADDRESSES)
  })
})

describe("patches", () => {
  it("merge the given fields, keep the creation time and take the change time", () => {
    const original = saved("cus_1", T0)
    const patched = patchSavedAddress(original, { road: "New Road", email: "a@example.com" }, at(3))
    expect(patched).toEqual(Result.succeed({
      ...original, address: { ...HOME, road: "New Road", email: "a@example.com" }, updatedAt: at(3)
    }))
  })

  it("that leave neither a city nor a district are refused, naming a field the patch changed", () => {
    const original = saved("cus_1", T0, { ...HOME, district: "" })
    const patched = patchSavedAddress(original, { city: "  " }, at(3))
    expect(Result.isFailure(patched) && patched.failure).toMatchObject({ _tag: "AddressIncomplete", path: "city" })
    const both = patchSavedAddress(saved("cus_1", T0), { city: "", district: "" }, at(3))
    expect(Result.isFailure(both)).toBe(true)
    expect(Result.isSuccess(patchSavedAddress(original, { city: "", district: "Sylhet" }, at(3)))).toBe(true)
  })
})

describe("the default", () => {
  it("names one of the account's visible addresses, or nothing", () => {
    const mine = saved("cus_1", T0)
    const chosen = chooseDefault(registered, mine.id, mine)
    expect(Result.isSuccess(chosen) && chosen.success.defaultShippingAddressId).toBe(mine.id)
    const foreign = saved("cus_2", T0)
    expect(Result.isFailure(chooseDefault(registered, foreign.id, foreign))).toBe(true)
    expect(Result.isFailure(chooseDefault(linked, mine.id, mine))).toBe(true)
    const cleared = chooseDefault({ ...registered, defaultShippingAddressId: mine.id }, null, undefined)
    expect(Result.isSuccess(cleared) && cleared.success.defaultShippingAddressId).toBe(null)
  })

  it("is shown only when the account sees the address it names", () => {
    const early = saved("cus_1", T0)
    const late = saved("cus_1", at(40))
    expect(visibleDefaultAddressId({ ...linked, defaultShippingAddressId: early.id }, early)).toBe(null)
    expect(visibleDefaultAddressId({ ...linked, defaultShippingAddressId: late.id }, late)).toBe(late.id)
    expect(visibleDefaultAddressId({ ...registered, defaultShippingAddressId: early.id }, early)).toBe(early.id)
    expect(visibleDefaultAddressId({ ...registered, defaultShippingAddressId: early.id }, undefined)).toBe(null)
  })

  it("is cleared when the address it names is removed, and only then", () => {
    const customer = { ...registered, defaultShippingAddressId: AddressId.make("addr_a") }
    expect(withoutRemovedDefault(customer, AddressId.make("addr_a")).defaultShippingAddressId).toBe(null)
    expect(withoutRemovedDefault(customer, AddressId.make("addr_b"))).toBe(customer)
  })
})

describe("a signed-in checkout's shipping address", () => {
  it("is saved when the account does not see it, and becomes the default when it sees none", () => {
    expect(checkoutAddressDecision(registered, [], HOME)).toEqual({ _tag: "Save", makeDefault: true })
    const other = saved("cus_1", T0, { ...HOME, road: "Other Road" })
    const withDefault = { ...registered, defaultShippingAddressId: other.id }
    expect(checkoutAddressDecision(withDefault, [other], HOME)).toEqual({ _tag: "Save", makeDefault: false })
    // a linked account's earlier default is not one it sees
    expect(checkoutAddressDecision({ ...linked, defaultShippingAddressId: other.id }, [other], HOME))
      .toEqual({ _tag: "Save", makeDefault: true })
  })

  it("is not saved again when an equal one is visible; a hidden equal one does not count", () => {
    expect(checkoutAddressDecision(registered, [saved("cus_1", T0)], HOME)).toEqual({ _tag: "AlreadySaved" })
    expect(checkoutAddressDecision(linked, [saved("cus_1", T0)], HOME)._tag).toBe("Save")
    expect(checkoutAddressDecision(registered, [saved("cus_1", T0)], { ...HOME, note: "different" })._tag).toBe("Save")
  })

  it.prop("leaves a full book as it is", [Count], ([count]) => {
    const decision = checkoutAddressDecision(registered, book("cus_1", count, T0), { ...HOME, road: "Elsewhere" })
    expect(decision._tag).toBe(count >= MAX_SAVED_ADDRESSES ? "BookFull" : "Save")
  })

  it("compares every field", () => {
    for (const key of Object.keys(HOME) as Array<keyof Address>) {
      expect(sameAddress(HOME, { ...HOME, [key]: `${HOME[key]}x` })).toBe(false)
    }
    expect(sameAddress(HOME, { ...HOME })).toBe(true)
  })

  it("sees, in a mixed book, exactly the linked account's own later addresses", () => {
    const stored = [...book("cus_1", 3, LINKED_AT), ...book("cus_1", 2, at(40)), ...book("cus_2", 2, at(40))]
    expect(visibleAddresses(linked, stored)).toEqual(stored.slice(3, 5))
    expect(visibleAddresses(registered, stored)).toEqual(stored.slice(0, 5))
  })
})
