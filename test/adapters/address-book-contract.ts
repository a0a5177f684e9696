/**
 * The contract every AddressBook keeps, run on memory, PGlite and PostgreSQL: saved addresses
 * round-trip unchanged (every field, an email or none, long and non-ASCII text), a customer's
 * book lists only their addresses oldest first, and another customer's id finds, changes and
 * removes nothing.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Option, type Layer } from "effect"
import { AddressBook } from "../../application/customer/address-book.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import type { SavedAddress } from "../../domain/address-book/saved-address.ts"
import type { Address } from "../../domain/shipping/address.ts"
import { sampleCustomer } from "./customer-repository-contract.ts"
import { AddressId, CustomerId } from "../../domain/shared/ids.ts"

let sequence = 0
const freshAddressId = () => AddressId.make(`addr_${Date.now().toString(36)}${(sequence++).toString(36)}`)

const HOME: Address = {
  name: "Rahim Uddin", phone: "+880 1711-000000", house: "12", road: "Lake Road", thana: "Gulshan", district: "Dhaka",
  division: "Dhaka", city: "Dhaka", postcode: "1212", country: "BD", note: "Ring twice", email: ""
}

const T0 = new Date("2026-04-01T08:00:00.123Z")
const T1 = new Date("2026-04-02T09:30:00.456Z")

const savedFor = (customerId: string, overrides: Partial<SavedAddress> = {}): SavedAddress => ({
  id: freshAddressId(),
  customerId: CustomerId.make(customerId),
  address: HOME,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

/** A stored customer (addresses belong to one). */
const storedCustomer = Effect.gen(function*() {
  const customer = sampleCustomer()
  yield* (yield* CustomerRepository).insert(customer)
  return customer.id
})

export const addressBookContract = <E>(name: string, store: Layer.Layer<AddressBook | CustomerRepository, E>) =>
  layer(store, { excludeTestServices: true })(`AddressBook contract (${name})`, (it) => {
    it.effect("an address round-trips through insert, find and list, every field as given", () =>
      Effect.gen(function*() {
        const book = yield* AddressBook
        const customerId = yield* storedCustomer
        const plain = savedFor(customerId)
        const unusual = savedFor(customerId, {
          createdAt: T1,
          updatedAt: T1,
          address: {
            ...HOME, name: "Ånné 🏠 O'Brien \"quoted\"", road: "x".repeat(200), note: "ন".repeat(500), city: "", district: "Sylhet",
            email: "ann@example.com"
          }
        })
        yield* book.insert(plain)
        yield* book.insert(unusual)
        expect(yield* book.find(customerId, plain.id)).toEqual(Option.some(plain))
        expect(yield* book.find(customerId, unusual.id)).toEqual(Option.some(unusual))
        expect(yield* book.list(customerId)).toEqual([plain, unusual])
      }))

    it.effect("a book lists only its customer's addresses, oldest first, ties by id", () =>
      Effect.gen(function*() {
        const book = yield* AddressBook
        const ann = yield* storedCustomer
        const bob = yield* storedCustomer
        const later = savedFor(ann, { createdAt: T1, updatedAt: T1 })
        const tiedB = savedFor(ann, { id: AddressId.make(`addr_b${Date.now().toString(36)}`) })
        const tiedA = savedFor(ann, { id: AddressId.make(`addr_a${Date.now().toString(36)}`) })
        const bobs = savedFor(bob)
        for (const saved of [later, tiedB, bobs, tiedA]) yield* book.insert(saved)
        expect((yield* book.list(ann)).map((saved) => saved.id)).toEqual([tiedA.id, tiedB.id, later.id])
        expect(yield* book.list(bob)).toEqual([bobs])
        expect(yield* book.list(CustomerId.make("cus_nobody"))).toEqual([])
      }))

    it.effect("another customer's id finds, changes and removes nothing", () =>
      Effect.gen(function*() {
        const book = yield* AddressBook
        const owner = yield* storedCustomer
        const other = yield* storedCustomer
        const saved = savedFor(owner)
        yield* book.insert(saved)
        expect(Option.isNone(yield* book.find(other, saved.id))).toBe(true)
        expect(yield* book.update({ ...saved, customerId: other, address: { ...HOME, name: "Mallory" }, updatedAt: T1 })).toBe(false)
        expect(yield* book.remove(other, saved.id)).toBe(false)
        expect(yield* book.find(owner, saved.id)).toEqual(Option.some(saved))
        expect(Option.isNone(yield* book.find(owner, AddressId.make("addr_unknown")))).toBe(true)
      }))

    it.effect("an update replaces the address and its change time; the creation time stays", () =>
      Effect.gen(function*() {
        const book = yield* AddressBook
        const customerId = yield* storedCustomer
        const saved = savedFor(customerId)
        yield* book.insert(saved)
        const edited: SavedAddress = { ...saved, address: { ...HOME, road: "New Road", email: "x@example.com" }, updatedAt: T1 }
        expect(yield* book.update(edited)).toBe(true)
        expect(yield* book.find(customerId, saved.id)).toEqual(Option.some(edited))
        expect(yield* book.update({ ...edited, id: freshAddressId() })).toBe(false)
      }))

    it.effect("a removed address is gone, and removing it again finds nothing", () =>
      Effect.gen(function*() {
        const book = yield* AddressBook
        const customerId = yield* storedCustomer
        const kept = savedFor(customerId)
        const removed = savedFor(customerId, { createdAt: T1, updatedAt: T1 })
        yield* book.insert(kept)
        yield* book.insert(removed)
        expect(yield* book.remove(customerId, removed.id)).toBe(true)
        expect(yield* book.remove(customerId, removed.id)).toBe(false)
        expect(Option.isNone(yield* book.find(customerId, removed.id))).toBe(true)
        expect(yield* book.list(customerId)).toEqual([kept])
      }))
  })
